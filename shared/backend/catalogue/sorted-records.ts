import type { CatalogueRecord } from './catalogue-record.js';

type Order = (a: CatalogueRecord, b: CatalogueRecord) => number;

/**
 * Records kept in one order: a change moves one record by binary search (a memmove of the array at
 * 100k, well under a millisecond) instead of sorting everything again.
 */
export class SortedRecords {
  private items: CatalogueRecord[] = [];

  constructor(private readonly order: Order) {}

  reset(records: Iterable<CatalogueRecord>): void {
    this.items = [...records].sort(this.order);
  }

  get all(): readonly CatalogueRecord[] {
    return this.items;
  }

  insert(record: CatalogueRecord): void {
    this.items.splice(this.position(record), 0, record);
  }

  /** Removes this very record (records are replaced, never changed, so it is found by its order). */
  remove(record: CatalogueRecord): void {
    const at = this.position(record);
    if (this.items[at] === record) this.items.splice(at, 1);
    else {
      const i = this.items.indexOf(record);
      if (i >= 0) this.items.splice(i, 1);
    }
  }

  /** Puts `next` where `old` was when they sort alike (a stock change), else moves it. */
  replace(old: CatalogueRecord, next: CatalogueRecord): void {
    const at = this.position(old);
    if (this.items[at] === old && this.order(old, next) === 0) this.items[at] = next;
    else {
      this.remove(old);
      this.insert(next);
    }
  }

  private position(record: CatalogueRecord): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.order(this.items[mid]!, record) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
