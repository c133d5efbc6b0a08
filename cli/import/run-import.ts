import { productNameSkeleton } from '../../shared/backend/product-name-skeleton.js';
import type { ProductWrite, Store } from '../../shared/backend/store/port.js';
import { DUPLICATE_NAME_MESSAGE } from '../../shared/domain/errors.js';
import type { Product } from '../../shared/domain/product.js';
import { trimProductName } from '../../shared/domain/product.js';
import { skuKey } from '../../shared/domain/variant.js';
import { type DownloadImages, remoteImageSlots } from './import-images.js';
import { emptySummary, type ImportSummary, MAX_NOTES } from './import-summary.js';
import type { ImportedProduct, RowNote } from './imported-product.js';
import { judgeNew, judgeUpdate, type Verdict } from './judge-product.js';
import { csvFormatOf, LayoutError } from './layout.js';
import { NameIndex } from './name-index.js';
import { type CsvRow, readCsvBatches } from './read-csv.js';
import { readJsonBatches } from './read-json.js';
import { readNativeCsv } from './read-native-csv.js';
import { readShopify } from './read-shopify.js';
import { DAMAGED_TEXT, REPLACEMENT_CHARACTER } from './row-groups.js';
import { isWooCommerceHeader, readWooCommerce } from './woocommerce.js';

export type { ImportSummary } from './import-summary.js';

export interface ImportOptions {
  dryRun: boolean;
  updateExisting: boolean;
  skipInvalid: boolean;
  /** Downloads the file's remote image links into the shop's image store; without it the links are kept. */
  downloadImages?: DownloadImages;
  onBytes?: (bytesRead: number) => void;
  onRows?: (rows: number) => void;
}

const BATCH_ROWS = 250;
/** Downloads remembered, so a link the file repeats is fetched once; bounded, so memory stays flat. */
const REMEMBERED_DOWNLOADS = 10_000;

/** Makes the store undo what the import wrote, once the file turned out to have bad rows. */
class Abandon extends Error {}

type Sanitize = (html: string) => { html: string; removed: string[] };
const MARKUP = /[<>&]/;

/**
 * Reads the file once, a batch of products at a time: each judged by the shop's product rules (a
 * new product as the API creates one, an update with patchedProductState against the product as
 * it is), its name and SKUs checked against the rest of the file and the store, its remote images
 * downloaded. The writes stream into the store's all-or-nothing bulk write, abandoned (nothing left
 * written) when a product is refused and --skip-invalid was not given.
 */
export async function runImport(store: Store, file: string, options: ImportOptions): Promise<ImportSummary> {
  // Loaded only for a file with markup in its descriptions: plain text needs none, and the
  // sanitiser's libraries take memory a million-row import has better use for.
  let sanitize: Sanitize | null = null;
  const summary = emptySummary(file, options.dryRun);
  const names = new NameIndex();
  const skus = new NameIndex();
  const linksSeen = new NameIndex();
  /** Products this import updates: a SKU one of them gave up may go to a later product of the file. */
  const updatedIds = new NameIndex();
  const downloads = new Map<string, { url: string } | { error: string }>();
  const doomed = () => summary.rejected > 0 && !options.skipInvalid;
  const warn = (note: RowNote) => {
    summary.warningCount++;
    if (summary.warnings.length < MAX_NOTES) summary.warnings.push(note);
  };
  const at = (p: ImportedProduct, field: string, message: string): RowNote => ({
    ...p.origin(field),
    message,
  });

  async function* products(): AsyncGenerator<ImportedProduct[]> {
    if (/\.json$/i.test(file)) {
      summary.format = 'json';
      yield* readJsonBatches(file, BATCH_ROWS);
      return;
    }
    const rows = readCsvBatches(file, BATCH_ROWS, options.onBytes, ({ notice }) => {
      if (notice) summary.notices.push(notice);
    });
    const first = await rows.next();
    if (first.done)
      throw new LayoutError('the file is empty — expected a header row with at least name and price');
    const [header, ...rest] = first.value;
    const format = isWooCommerceHeader(header!.record) ? 'woocommerce' : csvFormatOf(header!.record);
    summary.format = format;
    if (format === 'woocommerce') {
      // It reads the file twice, itself (its variations may come before their parent).
      await rows.return(undefined);
      yield* readWooCommerce(file, {
        batchSize: BATCH_ROWS,
        ...(options.onBytes ? { onBytes: options.onBytes } : {}),
      });
      return;
    }
    const after = async function* () {
      if (rest.length) yield rest;
      yield* rows;
    };
    const read = format === 'shopify' ? readShopify : readNativeCsv;
    yield* read(header as CsvRow, after(), summary);
  }

  /** The product's description sanitised (the sanitiser runs once per description) and its name made final. */
  function prepare(p: ImportedProduct): void {
    summary.rows += p.rows.length;
    const input = p.input;
    if (summary.format === 'woocommerce' && JSON.stringify(input).includes(REPLACEMENT_CHARACTER))
      p.problems.push({ row: p.rows[0]!, column: null, message: DAMAGED_TEXT });
    if (typeof input.description === 'string') {
      if (MARKUP.test(input.description)) {
        const { html, removed } = sanitize!(input.description);
        input.description = html;
        if (removed.length > 0)
          p.warnings.push(at(p, 'description', `the description was changed: removed ${removed.join('; ')}`));
      } else input.description = input.description.trim();
    }
    if (typeof input.name !== 'string') return;
    const name = trimProductName(input.name);
    if (name === '') return;
    const earlier = names.firstRowOrAdd(productNameSkeleton(name), p.rows[0]!);
    if (earlier === undefined) return;
    const other = p.nameIfTaken;
    if (other !== undefined && names.firstRowOrAdd(productNameSkeleton(other), p.rows[0]!) === undefined) {
      input.name = other;
      p.warnings.unshift(
        at(p, 'name', `imported as "${other}": "${name}" is also the name of the product on row ${earlier}`),
      );
    } else p.problems.push(at(p, 'name', `"${name}" is also on row ${earlier}`));
  }

  function judge(p: ImportedProduct, existing: Map<string, Product>): Verdict {
    const found =
      typeof p.input.name === 'string' ? existing.get(productNameSkeleton(p.input.name)) : undefined;
    if (!found) return judgeNew(p);
    if (options.updateExisting) return judgeUpdate(p, found);
    return { problems: [at(p, 'name', `${DUPLICATE_NAME_MESSAGE} (use --update-existing to update it)`)] };
  }

  /** SKUs of the file must be new to the store, or the updated product's own, and appear once in the file. */
  function skuProblems(
    p: ImportedProduct,
    write: ProductWrite,
    owners: Map<string, { id: string; name: string }>,
  ): RowNote[] {
    const target = (write.op === 'create' ? write.product : write.patch) as {
      variants?: { sku?: string }[];
      sku?: string;
    };
    const given = target.variants
      ? target.variants.map((v, i) => ({ sku: v.sku ?? '', field: `variants.${i}.sku` }))
      : [{ sku: target.sku ?? '', field: 'sku' }];
    const problems: RowNote[] = [];
    for (const { sku, field } of given) {
      if (sku.trim() === '') continue;
      const key = skuKey(sku);
      const row = skus.rowOf(key);
      const owner = owners.get(key);
      // The store's owner as it was before this import (a dry run writes nothing): what an earlier
      // update of the file kept, the file's own SKUs tell.
      const stillOwned =
        owner && (write.op === 'create' || owner.id !== write.id) && updatedIds.rowOf(owner.id) === undefined;
      if (row !== undefined) problems.push(at(p, field, `SKU ${sku.trim()} is also on row ${row}`));
      else if (stillOwned) problems.push(at(p, field, `SKU ${sku.trim()} is already ${owner.name}'s`));
    }
    if (problems.length === 0)
      for (const { sku } of given) if (sku.trim()) skus.firstRowOrAdd(skuKey(sku), p.rows[0]!);
    return problems;
  }

  async function skuOwners(batch: ImportedProduct[]): Promise<Map<string, { id: string; name: string }>> {
    const wanted = new Set<string>();
    for (const { input } of batch) {
      const list = input.variants ? input.variants.map((v) => v?.sku) : [input.sku];
      for (const sku of list) if (typeof sku === 'string' && sku.trim() !== '') wanted.add(sku.trim());
    }
    const owners = new Map<string, { id: string; name: string }>();
    await Promise.all(
      [...wanted].map(async (sku) => {
        const found = await store.products.findBySku(sku);
        if (found) owners.set(skuKey(sku), { id: found.product.id, name: found.product.name });
      }),
    );
    return owners;
  }

  async function fetchImages(accepted: { p: ImportedProduct; write: ProductWrite }[]): Promise<void> {
    const slots = accepted.flatMap(({ p, write }) => remoteImageSlots(write).map((slot) => ({ p, slot })));
    for (const { slot } of slots)
      if (linksSeen.firstRowOrAdd(slot.url, 0) === undefined) summary.images.remote++;
    if (!options.downloadImages || options.dryRun || doomed() || slots.length === 0) return;
    const wanted = [...new Set(slots.map(({ slot }) => slot.url).filter((url) => !downloads.has(url)))];
    if (downloads.size + wanted.length > REMEMBERED_DOWNLOADS) downloads.clear();
    const results = await options.downloadImages(wanted);
    for (const url of wanted) {
      const result = results.get(url) ?? { error: 'not tried' };
      downloads.set(url, result);
      if ('url' in result) summary.images.downloaded++;
      else summary.images.failed++;
    }
    for (const { p, slot } of slots) {
      const result = downloads.get(slot.url)!;
      if ('url' in result) slot.set(result.url);
      else warn(at(p, slot.path, `image not downloaded (${result.error}): the link ${slot.url} is kept`));
    }
  }

  async function judgeBatch(batch: ImportedProduct[]): Promise<ProductWrite[]> {
    const markup = (p: ImportedProduct) =>
      typeof p.input.description === 'string' && MARKUP.test(p.input.description);
    if (!sanitize && batch.some(markup))
      sanitize = (await import('../../shared/backend/sanitize/description.js')).sanitizeDescriptionReport;
    for (const p of batch) prepare(p);
    const [existing, owners] = await Promise.all([
      store.products.findByNames(
        batch.flatMap(({ input }) =>
          typeof input.name === 'string' && input.name.trim() ? [input.name] : [],
        ),
      ),
      skuOwners(batch),
    ]);
    const accepted: { p: ImportedProduct; write: ProductWrite }[] = [];
    for (const p of batch) {
      const verdict = judge(p, existing);
      const problems =
        'problems' in verdict
          ? verdict.problems.concat(p.problems)
          : p.problems.concat(skuProblems(p, verdict.write, owners));
      if (problems.length > 0 || !('write' in verdict)) {
        summary.rejected += p.rows.length;
        summary.rejectedProducts++;
        problems.sort((a, b) => a.row - b.row);
        for (const problem of problems)
          if (summary.problems.length < MAX_NOTES) summary.problems.push(problem);
        continue;
      }
      if (verdict.write.op === 'create') summary.created++;
      else {
        summary.updated++;
        updatedIds.firstRowOrAdd(verdict.write.id, p.rows[0]!);
      }
      summary.variants.created += verdict.variants.created;
      summary.variants.updated += verdict.variants.updated;
      summary.variants.removed += verdict.variants.removed;
      for (const warning of p.warnings) warn(warning);
      accepted.push({ p, write: verdict.write });
    }
    await fetchImages(accepted);
    return accepted.map(({ write }) => write);
  }

  async function* writes(): AsyncGenerator<ProductWrite[]> {
    for await (const batch of products()) {
      const out = await judgeBatch(batch);
      // The products are judged: let them go while the store writes (they would outlive young collections).
      batch.length = 0;
      options.onRows?.(summary.rows);
      // Once a product is refused the import is to be abandoned: the rest is only read and checked.
      yield doomed() ? [] : out;
    }
    if (summary.rows === 0)
      throw new LayoutError(
        summary.format === 'json'
          ? 'the file holds no products'
          : 'row 1: the file has a header but no products',
      );
    if (doomed()) throw new Abandon('the file has rows that were rejected');
    if (options.dryRun) throw new Abandon();
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
  const linkCount = (n: number) => (n === 1 ? '1 image link' : `${n} image links`);
  if (summary.images.remote > 0 && !options.downloadImages)
    summary.notices.push(
      `${linkCount(summary.images.remote)} of the file kept as links to their sites (--no-download-images).`,
    );
  else if (summary.images.remote > 0 && options.dryRun)
    summary.notices.push(
      `${linkCount(summary.images.remote)} of the file would be downloaded into the shop's image store (not tried in a dry run).`,
    );
  return summary;
}
