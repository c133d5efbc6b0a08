import { CsvError } from './csv-error.js';
import type { FileEncoding } from './file-encoding.js';
import { IdMap } from './id-map.js';
import { LayoutError } from './layout.js';
import { readCsvBatches } from './read-csv.js';
import { cellOf, type WooColumns, wooColumnsOf } from './woocommerce-columns.js';
import { typeOf, type WooRow } from './woocommerce-product.js';

/** A variable product another before it shares its ID or SKU with. */
export interface Twin {
  row: number;
  column: 'id' | 'sku';
  value: string;
}

/** Variable products by what a variation's Parent names them by: "id:123", or the parent's SKU. */
export class ParentKeys {
  private readonly byId = new IdMap();
  private readonly bySku = new Map<string, number>();

  /** Adds the parent with a value (its row, say), unless another has its ID or SKU: then that one's. */
  add(columns: WooColumns, r: WooRow, value: number): { value: number; twin: Twin } | null {
    const id = cellOf(columns, r.record, 'id') ?? '';
    const sku = cellOf(columns, r.record, 'sku') ?? '';
    const sameId = id === '' ? undefined : this.byId.get(id);
    if (sameId !== undefined) return { value: sameId, twin: { row: 0, column: 'id', value: id } };
    const sameSku = sku === '' ? undefined : this.bySku.get(sku);
    if (sameSku !== undefined) return { value: sameSku, twin: { row: 0, column: 'sku', value: sku } };
    if (id !== '') this.byId.set(id, value);
    if (sku !== '') this.bySku.set(sku, value);
    return null;
  }

  remove(columns: WooColumns, r: WooRow): void {
    this.byId.delete(cellOf(columns, r.record, 'id') ?? '');
    this.bySku.delete(cellOf(columns, r.record, 'sku') ?? '');
  }

  resolve(reference: string): number | undefined {
    const id = ID_REFERENCE.exec(reference)?.[1];
    if (id !== undefined) return this.byId.get(id);
    return this.bySku.get(reference) ?? (DIGITS.test(reference) ? this.byId.get(reference) : undefined);
  }
}

const ID_REFERENCE = /^id:(\d+)$/i;
const DIGITS = /^\d+$/;

/** The Parent cells a parent answers to, in the form `waiting` keeps them (see indexParents). */
function referencesTo(columns: WooColumns, r: WooRow): string[] {
  const id = cellOf(columns, r.record, 'id') ?? '';
  const sku = cellOf(columns, r.record, 'sku') ?? '';
  return [...(id ? [`#${id}`, id] : []), ...(sku && sku !== id ? [sku] : [])];
}
const waitingKey = (reference: string) => {
  const id = ID_REFERENCE.exec(reference)?.[1];
  return id === undefined ? reference : `#${id}`;
};

/** Pairs of whole numbers in two growing Int32Arrays: 8 bytes a pair, where a Map entry takes several times that. */
class Pairs {
  private a = new Int32Array(1024);
  private b = new Int32Array(1024);
  length = 0;

  push(a: number, b: number): number {
    if (this.length === this.a.length) {
      const grow = (old: Int32Array) => {
        const next = new Int32Array(old.length * 2);
        next.set(old);
        return next;
      };
      this.a = grow(this.a);
      this.b = grow(this.b);
    }
    this.a[this.length] = a;
    this.b[this.length] = b;
    return this.length++;
  }

  first(i: number): number {
    return this.a[i]!;
  }

  second(i: number): number {
    return this.b[i]!;
  }

  add(i: number, n: number): void {
    this.b[i]! += n;
  }

  sortByFirst(): void {
    const order = Array.from({ length: this.length }, (_, i) => i).sort((x, y) => this.a[x]! - this.a[y]!);
    const [a, b] = [this.a, this.b];
    this.a = Int32Array.from(order, (i) => a[i]!);
    this.b = Int32Array.from(order, (i) => b[i]!);
  }

  /** The pair whose first is `a`, when sorted by first; -1 if none. */
  find(a: number): number {
    let [lo, hi] = [0, this.length - 1];
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = this.a[mid]!;
      if (at === a) return mid;
      if (at < a) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

/** What the first reading of a WooCommerce export tells the second. */
export interface ParentIndex {
  /** How many variations name the variable product on this row. */
  variationCount(parentRow: number): number;
  /** The row of the parent of a variation that comes before it in the file; undefined for the others. */
  parentAhead(variationRow: number): number | undefined;
  /** Variable products whose ID or SKU one before them has, by row. */
  twinOf: Map<number, Twin>;
}

/**
 * The first reading: how many variations name each variable product, and the parent of each
 * variation that comes before it. Kept in typed arrays, a few bytes a product; the parents' IDs and
 * SKUs, and the Parent cells still waiting for their parent, are let go after it.
 */
export async function indexParents(
  file: string,
  batchSize: number,
  onEncoding: ((encoding: FileEncoding) => void) | undefined,
): Promise<{ columns: WooColumns; index: ParentIndex }> {
  const parents = new ParentKeys();
  /** Per variable product, in file order: its row and how many variations name it. */
  const counts = new Pairs();
  /** Variations before their parent: the variation's row and the parent's place in `counts`. */
  const ahead = new Pairs();
  /** Rows of variations whose parent is not read yet, by the Parent cell they name it with. */
  const waiting = new Map<string, number[]>();
  const twinOf = new Map<number, Twin>();
  let columns: WooColumns | null = null;
  const told = (encoding: FileEncoding) => {
    if (encoding.checkWhileReading)
      throw new CsvError(
        'a WooCommerce export is read twice (its variations may come before their parent): give the path of a file, not a pipe',
      );
    onEncoding?.(encoding);
  };
  for await (const batch of readCsvBatches(file, batchSize, undefined, told)) {
    let rows = batch;
    if (!columns) {
      columns = wooColumnsOf(batch[0]!.record);
      rows = batch.slice(1);
    }
    for (const r of rows) {
      // The second reading refuses such a row; a variation counted here would keep its parent waiting.
      if (r.record.length !== columns.labels.length) continue;
      const { kind } = typeOf(columns, r.record);
      if (kind === 'variable') {
        const place = counts.length;
        const taken = parents.add(columns, r, place);
        if (taken) {
          twinOf.set(r.row, { ...taken.twin, row: counts.first(taken.value) });
          continue;
        }
        counts.push(r.row, 0);
        for (const key of referencesTo(columns, r)) {
          const early = waiting.get(key);
          if (!early) continue;
          waiting.delete(key);
          counts.add(place, early.length);
          for (const row of early) ahead.push(row, place);
        }
      } else if (kind === 'variation') {
        const reference = cellOf(columns, r.record, 'parent') ?? '';
        const place = parents.resolve(reference);
        if (place !== undefined) counts.add(place, 1);
        else {
          const key = waitingKey(reference);
          const early = waiting.get(key);
          if (early) early.push(r.row);
          else waiting.set(key, [r.row]);
        }
      }
    }
  }
  if (!columns) throw new LayoutError('the file is empty — expected the header row of a WooCommerce export');
  ahead.sortByFirst();
  return {
    columns,
    index: {
      variationCount: (parentRow) => {
        const i = counts.find(parentRow);
        return i < 0 ? 0 : counts.second(i);
      },
      parentAhead: (variationRow) => {
        const i = ahead.find(variationRow);
        return i < 0 ? undefined : counts.first(ahead.second(i));
      },
      twinOf,
    },
  };
}
