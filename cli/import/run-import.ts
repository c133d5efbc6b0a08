import type { ProductWrite, Store } from '../../shared/backend/store/port.js';
import { DUPLICATE_NAME_MESSAGE } from '../../shared/domain/errors.js';
import {
  type Product,
  type ProductPatch,
  productNameKey,
  trimProductName,
} from '../../shared/domain/product.js';
import { checkNewProduct, checkPatch, type FieldTexts, loadSanitizer } from '../product-fields.js';
import { columnLabel, type Layout, LayoutError, layoutOf, textsOf, unknownColumns } from './layout.js';
import { NameIndex } from './name-index.js';
import { type CsvRow, readCsvBatches } from './read-csv.js';
import { readJsonBatches } from './read-json.js';

export interface ImportOptions {
  dryRun: boolean;
  updateExisting: boolean;
  skipInvalid: boolean;
  onBytes?: (bytesRead: number) => void;
  onRows?: (rows: number) => void;
}

interface RowProblem {
  row: number;
  column: string | null;
  message: string;
}

export interface ImportSummary {
  file: string;
  /** csv or shopify, or json for what `export --format json` writes (rows are then its items). */
  format: Layout['format'] | 'json' | null;
  /** Product rows read (Shopify: one per handle). */
  rows: number;
  created: number;
  updated: number;
  rejected: number;
  /** Whether anything was written: false for --dry-run and for an all-or-nothing import with bad rows. */
  written: boolean;
  dryRun: boolean;
  /** The first MAX_PROBLEMS problems, in file order; `rejected` counts them all. */
  problems: RowProblem[];
  unknownColumns: string[];
  /** What the operator should know that is not a row's problem, e.g. the file was converted from Latin-1. */
  notices: string[];
}

const BATCH_ROWS = 1000;
/** U+FFFD: what decoders put where bytes made no sense; stored, it would hide the damage for good. */
const REPLACEMENT_CHARACTER = '\uFFFD';
const MAX_PROBLEMS = 1000;

/** Makes the store undo what the import wrote, once the file turned out to have bad rows. */
class Abandon extends Error {}

/**
 * Reads the file once, checking each row with the API's product rules and looking its name up in
 * batches; the writes stream into the store's all-or-nothing bulk write, abandoned (nothing left
 * written) when a bad row turns up and --skip-invalid was not given.
 */
export async function runImport(store: Store, file: string, options: ImportOptions): Promise<ImportSummary> {
  await loadSanitizer();
  const summary: ImportSummary = {
    file,
    format: null,
    rows: 0,
    created: 0,
    updated: 0,
    rejected: 0,
    written: false,
    dryRun: options.dryRun,
    problems: [],
    unknownColumns: [],
    notices: [],
  };
  const reject = (row: number, column: string | null, message: string) => {
    if (summary.problems.length < MAX_PROBLEMS) summary.problems.push({ row, column, message });
  };
  const names = new NameIndex();
  const handles = new NameIndex();
  let layout: Layout | null = null;

  async function* writes(): AsyncGenerator<ProductWrite[]> {
    const json = /\.json$/i.test(file);
    const source = json
      ? readJsonBatches(file, BATCH_ROWS)
      : readCsvBatches(file, BATCH_ROWS, options.onBytes, ({ notice }) => {
          if (notice) summary.notices.push(notice);
        });
    for await (const batch of source) {
      let rows: CsvRow[] = batch;
      if (!layout) {
        layout = layoutOf(batch[0]!.record);
        summary.format = json ? 'json' : layout.format;
        summary.unknownColumns = unknownColumns(layout);
        rows = batch.slice(1);
      }
      const l: Layout = layout;
      const candidates: { row: number; texts: FieldTexts }[] = [];
      for (const { row, record } of rows) {
        if (l.handle !== undefined) {
          const handle = record[l.handle]?.trim() ?? '';
          // another variant or image of a product already read
          if (handle && handles.firstRowOrAdd(handle, row) !== undefined) continue;
        }
        summary.rows++;
        if (json && record.length === 0) {
          summary.rejected++;
          reject(row, null, 'is not a product object');
          continue;
        }
        if (record.length !== l.labels.length && !(record.length === 1 && record[0] === '')) {
          summary.rejected++;
          reject(row, null, `has ${record.length} fields where the header has ${l.labels.length}`);
          continue;
        }
        const damaged = record.findIndex((field) => field.includes(REPLACEMENT_CHARACTER));
        if (damaged >= 0) {
          summary.rejected++;
          reject(
            row,
            l.labels[damaged] ?? null,
            'holds the replacement character �: the text was damaged by a wrong encoding before it reached this file',
          );
          continue;
        }
        candidates.push({ row, texts: textsOf(l, record, { fromOurCsv: !json && l.format === 'csv' }) });
      }
      const existing = await store.products.findByNames(
        candidates.map((c) => c.texts.name ?? '').filter((n) => n.trim() !== ''),
      );
      const out: ProductWrite[] = [];
      for (const { row, texts } of candidates) {
        const write = classify(row, texts, existing);
        if (write) out.push(write);
      }
      options.onRows?.(summary.rows);
      // Once a row is rejected the import is to be abandoned: the rest is only read and checked.
      yield summary.rejected > 0 && !options.skipInvalid ? [] : out;
    }
    if (!layout)
      throw new LayoutError('the file is empty — expected a header row with at least name and price');
    if (summary.rows === 0)
      throw new LayoutError(
        json ? 'the file holds no products' : 'row 1: the file has a header but no products',
      );
    if (summary.rejected > 0 && !options.skipInvalid)
      throw new Abandon('the file has rows that were rejected');
    if (options.dryRun) throw new Abandon();
  }

  function classify(
    row: number,
    texts: FieldTexts,
    existing: Map<string, Pick<Product, 'id' | 'variants'>>,
  ): ProductWrite | null {
    const l = layout!;
    const checked = checkNewProduct(texts);
    const name = trimProductName(texts.name ?? '');
    const key = name ? productNameKey(name) : null;
    const firstRow = key ? names.firstRowOrAdd(key, row) : undefined;
    const problems: { column: string; message: string }[] = checked.ok
      ? []
      : checked.issues.map((i) => ({ column: columnLabel(l, i.field), message: i.message }));
    if (firstRow !== undefined) {
      problems.unshift({ column: columnLabel(l, 'name'), message: `"${name}" is also on row ${firstRow}` });
    }
    const found = key ? existing.get(key) : undefined;
    if (found && !options.updateExisting && firstRow === undefined) {
      problems.unshift({
        column: columnLabel(l, 'name'),
        message: `${DUPLICATE_NAME_MESSAGE} (use --update-existing to update it)`,
      });
    }
    if (found && options.updateExisting && found.variants.length > 1) {
      // Sizes have their own prices and stock; this file's one price would not say which.
      for (const field of ['price', 'stock'] as const)
        if (texts[field] !== undefined)
          problems.push({
            column: columnLabel(l, field),
            message: `"${name}" comes in ${found.variants.length} sizes: change each with shop variants update`,
          });
    }
    if (problems.length > 0 || !checked.ok) {
      summary.rejected++;
      for (const p of problems) reject(row, p.column, p.message);
      return null;
    }
    if (found) {
      summary.updated++;
      return { op: 'update', id: found.id, patch: patchFrom(texts) };
    }
    summary.created++;
    return { op: 'create', product: checked.value.product, available: checked.value.available };
  }

  try {
    if (options.dryRun) {
      // The same reading and checks, with nothing handed to the store.
      for await (const _ of writes());
    } else {
      await store.products.bulkWrite(writes());
      summary.written = true;
    }
  } catch (error) {
    if (!(error instanceof Abandon)) throw error;
  }
  return summary;
}

/** An update changes only the columns the file has. */
function patchFrom(texts: FieldTexts): ProductPatch {
  const checked = checkPatch(texts);
  if (!checked.ok) throw new Error('a row that passed as a new product failed as a patch');
  return checked.value;
}
