import type { FileEncoding } from './file-encoding.js';
import type { ImportedProduct } from './imported-product.js';
import { readCsvBatches } from './read-csv.js';
import { cellOf, type WooColumns } from './woocommerce-columns.js';
import { indexParents, ParentKeys } from './woocommerce-index.js';
import { refusedRow, simpleProduct, typeOf, variableProduct, type WooRow } from './woocommerce-product.js';

export { isWooCommerceHeader } from './woocommerce-columns.js';

export interface WooCommerceReadOptions {
  /** Rows read at a time (default 1000); products are yielded at most once per batch of rows. */
  batchSize?: number;
  /** Progress through the file on the second reading, the one that yields products. */
  onBytes?: (bytesRead: number) => void;
  /** How the file's text is decoded (told once): a notice when it was converted from Latin-1, say. */
  onEncoding?: (encoding: FileEncoding) => void;
}

/**
 * Reads a WooCommerce product export (Products → Export, CSV) as ImportedProducts, in batches, in the
 * order they complete: a simple product at its row, a variable product once its parent row and all its
 * variation rows have been read, wherever they are in the file. Grouped and external products, and
 * variations whose parent is not in the file, come as products with a problem on their row.
 *
 * The file is read twice, so that memory holds only the variable products still incomplete, never the
 * whole file: the first reading finds the variable products and counts each one's variations, the second
 * assembles them. A pipe cannot be read twice and is refused (CsvError).
 */
export async function* readWooCommerce(
  file: string,
  options: WooCommerceReadOptions = {},
): AsyncGenerator<ImportedProduct[]> {
  const batchSize = options.batchSize ?? 1000;
  const { columns: header, index } = await indexParents(file, batchSize, options.onEncoding);
  let columns: WooColumns | null = null;
  /** Variable products still incomplete, by their parent's row. */
  const pending = new Map<number, { parent?: WooRow; variations: WooRow[] }>();
  /** The variable products read and still incomplete, by ID and SKU: what later variations name. */
  const open = new ParentKeys();
  const complete = (parentRow: number): ImportedProduct | null => {
    const entry = pending.get(parentRow);
    if (!entry?.parent || entry.variations.length < index.variationCount(parentRow)) return null;
    pending.delete(parentRow);
    open.remove(columns!, entry.parent);
    return variableProduct(columns!, entry.parent, entry.variations);
  };
  for await (const batch of readCsvBatches(file, batchSize, options.onBytes)) {
    let rows = batch;
    if (!columns) {
      columns = header;
      rows = batch.slice(1);
    }
    const c = columns;
    const out: ImportedProduct[] = [];
    for (const r of rows) {
      if (r.record.length !== c.labels.length) {
        out.push(
          refusedRow(c, r, null, `has ${r.record.length} fields where the header has ${c.labels.length}`),
        );
        continue;
      }
      const { kind } = typeOf(c, r.record);
      if (kind === 'simple') out.push(simpleProduct(c, r));
      else if (kind === 'variable') {
        const twin = index.twinOf.get(r.row);
        if (twin !== undefined) {
          out.push(
            refusedRow(
              c,
              r,
              twin.column,
              `${twin.value} is also the variable product on row ${twin.row}'s: its variations cannot be told apart`,
            ),
          );
          continue;
        }
        open.add(c, r, r.row);
        pending.set(r.row, { parent: r, variations: pending.get(r.row)?.variations ?? [] });
        const product = complete(r.row);
        if (product) out.push(product);
      } else if (kind === 'variation') {
        const reference = cellOf(c, r.record, 'parent') ?? '';
        const parentRow = index.parentAhead(r.row) ?? open.resolve(reference);
        if (parentRow === undefined) {
          out.push(
            refusedRow(
              c,
              r,
              'parent',
              reference === ''
                ? 'a variation names no parent product'
                : `its parent ${reference} is not a variable product in this file`,
            ),
          );
          continue;
        }
        const entry = pending.get(parentRow) ?? { variations: [] };
        entry.variations.push(r);
        pending.set(parentRow, entry);
        const product = complete(parentRow);
        if (product) out.push(product);
      } else out.push(refusedRow(c, r, 'type', refusal(kind, cellOf(c, r.record, 'type') ?? '')));
    }
    if (out.length) yield out;
  }
  // Only when the file changed between the two readings.
  const left: ImportedProduct[] = [];
  for (const [, entry] of pending) {
    if (entry.parent) left.push(variableProduct(columns!, entry.parent, entry.variations));
    else
      for (const v of entry.variations)
        left.push(
          refusedRow(
            columns!,
            v,
            'parent',
            'its parent product was not found: the file changed while it was imported',
          ),
        );
  }
  if (left.length) yield left;
}

function refusal(kind: string, type: string): string {
  if (kind === 'grouped')
    return 'a grouped product (other products shown together) is not imported: the shop sells each of them from its own row';
  if (kind === 'external')
    return 'an external product (sold on another site, which its button opens) is not imported: the shop sells only what it ships';
  return `Type must be simple, variable or variation, not "${type}"`;
}
