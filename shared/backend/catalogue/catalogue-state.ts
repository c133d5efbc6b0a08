import {
  type AdminCatalogueFilters,
  type CataloguePage,
  type CatalogueQuery,
  type CatalogueSuggestion,
  LOW_STOCK_UNITS,
} from '../../domain/catalogue-listing.js';
import { type FacetCount, facetList } from '../../domain/facets.js';
import { toCents } from '../../domain/money.js';
import type { Product } from '../../domain/product.js';
import { type CatalogueRecord, RECORD_ORDERS, toCatalogueRecord } from './catalogue-record.js';
import { FIELD_WEIGHTS, queryWords, sequenceCode } from './search-terms.js';
import { SortedRecords } from './sorted-records.js';
import { TermIndex } from './term-index.js';

export type CatalogueScope = 'public' | 'admin';

export type ListQuery = CatalogueQuery & Partial<AdminCatalogueFilters>;

/** A product whose name begins with the whole search ranks above one that only holds its words. */
const NAME_START_BONUS = 5;

/** A query word this long, letters only, is also looked for inside amino-acid sequences. */
const SEQUENCE_FRAGMENT_MIN = 4;

const SEQUENCE_WORD = /^[a-z-]+$/;

const labelKey = (label: string) => label.trim().toLowerCase();

const isLowStock = (units: number | null) => units !== null && units > 0 && units <= LOW_STOCK_UNITS;

/**
 * Every product of the catalogue as compact records, in each list order and by search term; changed
 * one product at a time. Answers are computed from it synchronously (a pass over the records: a few
 * milliseconds at 100k products).
 */
export class CatalogueState {
  private readonly slots: (CatalogueRecord | undefined)[] = [];
  private readonly slotOf = new Map<string, number>();
  private readonly freeSlots: number[] = [];
  private readonly terms = new TermIndex();
  private readonly withSequence = new Set<CatalogueRecord>();
  private readonly orders = {
    name: new SortedRecords(RECORD_ORDERS.name),
    'price-asc': new SortedRecords(RECORD_ORDERS['price-asc']),
    'price-desc': new SortedRecords(RECORD_ORDERS['price-desc']),
    newest: new SortedRecords(RECORD_ORDERS.newest),
  };

  get size(): number {
    return this.slotOf.size;
  }

  /** Adds products in bulk (a build); call `finishLoad` after the last. */
  load(products: readonly Product[]): void {
    for (const product of products) this.place(toCatalogueRecord(product));
  }

  finishLoad(): void {
    const records = this.slots.filter((r): r is CatalogueRecord => r !== undefined);
    for (const order of Object.values(this.orders)) order.reset(records);
  }

  /** Takes in a written product; false when the index already had this version. */
  put(product: Product): boolean {
    const old = this.recordOf(product.id);
    if (old && old.version === product.version) return false;
    if (old) this.remove(product.id);
    const record = this.place(toCatalogueRecord(product));
    for (const order of Object.values(this.orders)) order.insert(record);
    return true;
  }

  /** False when there was no such product. */
  remove(id: string): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    const record = this.slots[slot]!;
    this.terms.remove(slot, record.terms);
    this.withSequence.delete(record);
    for (const order of Object.values(this.orders)) order.remove(record);
    this.slots[slot] = undefined;
    this.slotOf.delete(id);
    this.freeSlots.push(slot);
    return true;
  }

  list(query: ListQuery, scope: CatalogueScope): CataloguePage {
    const admin = scope === 'admin';
    const scores = this.search(query.q);
    const candidates =
      scores && query.sort === 'relevance'
        ? this.ranked(scores)
        : this.orders[query.sort === 'relevance' ? 'name' : query.sort].all;
    const category = labelKey(query.category);
    const brand = labelKey(query.brand);
    const min = query.min === null ? Number.NEGATIVE_INFINITY : toCents(query.min);
    const max = query.max === null ? Number.POSITIVE_INFINITY : toCents(query.max);
    const categories = new Map<string, number>();
    const brands = new Map<string, number>();
    let lowest: CatalogueRecord | null = null;
    let highest: CatalogueRecord | null = null;
    const hits: CatalogueRecord[] = [];
    for (const r of candidates) {
      const s = r.summary;
      if (admin ? query.available != null && s.available !== query.available : !s.available) continue;
      if (scores && !scores.has(r)) continue;
      if (query.inStock && !r.buyable) continue;
      if (admin && query.outOfStock && r.buyable) continue;
      if (admin && query.lowStock && !isLowStock(r.trackedStock)) continue;
      const inCategory = !category || labelKey(s.category) === category;
      const inBrand = !brand || labelKey(s.brand) === brand;
      const inPrice = r.priceCents >= min && r.priceCents <= max;
      if (inBrand && inPrice) count(categories, s.category);
      if (inCategory && inPrice) count(brands, s.brand);
      if (!inCategory || !inBrand) continue;
      if (!lowest || r.priceCents < lowest.priceCents) lowest = r;
      if (!highest || r.priceCents > highest.priceCents) highest = r;
      if (inPrice) hits.push(r);
    }
    const totalPages = Math.ceil(hits.length / query.perPage);
    const page = Math.min(Math.max(1, query.page), Math.max(1, totalPages));
    const start = (page - 1) * query.perPage;
    return {
      products: hits.slice(start, start + query.perPage).map((r) => r.summary),
      page,
      perPage: query.perPage,
      total: hits.length,
      totalPages,
      priceBounds: lowest && highest ? [lowest.summary.price, highest.summary.price] : [0, 0],
      facets: { category: facetList(categories), brand: facetList(brands) },
    };
  }

  /** Available products best matching what the shopper has typed so far. */
  suggest(q: string, limit: number): CatalogueSuggestion[] {
    const scores = this.search(q);
    if (!scores) return [];
    const out: CatalogueSuggestion[] = [];
    for (const r of this.ranked(scores)) {
      if (!r.summary.available) continue;
      const { id, name, price, imgUrl, category } = r.summary;
      out.push({ id, name, price, imgUrl, category });
      if (out.length === limit) break;
    }
    return out;
  }

  /** Categories and brands of available products with their counts (the storefront's menus). */
  facets(): { category: FacetCount[]; brand: FacetCount[] } {
    const categories = new Map<string, number>();
    const brands = new Map<string, number>();
    for (const r of this.orders.name.all) {
      if (!r.summary.available) continue;
      count(categories, r.summary.category);
      count(brands, r.summary.brand);
    }
    return { category: facetList(categories), brand: facetList(brands) };
  }

  /**
   * Products holding every word of the search (each matched whole, as a prefix or with one typo),
   * scored by the fields they matched in; null when there is nothing to search for.
   */
  private search(q: string): Map<CatalogueRecord, number> | null {
    const words = queryWords(q);
    if (words.length === 0) return null;
    let result: Map<CatalogueRecord, number> | null = null;
    for (const word of words) {
      const scores = new Map<CatalogueRecord, number>();
      for (const [slot, score] of this.terms.match(word)) scores.set(this.slots[slot]!, score);
      const fragment = SEQUENCE_WORD.test(word) ? sequenceCode(word) : '';
      if (fragment.length >= SEQUENCE_FRAGMENT_MIN)
        for (const r of this.withSequence)
          if (r.sequence.includes(fragment) && (scores.get(r) ?? 0) < FIELD_WEIGHTS.sequence)
            scores.set(r, FIELD_WEIGHTS.sequence);
      if (!result) result = scores;
      else {
        const both = new Map<CatalogueRecord, number>();
        for (const [r, score] of scores) {
          const before = result.get(r);
          if (before !== undefined) both.set(r, before + score);
        }
        result = both;
      }
      if (result.size === 0) return result;
    }
    const whole = q.trim().toLowerCase();
    for (const [r, score] of result!)
      if (r.nameKey.startsWith(whole)) result!.set(r, score + NAME_START_BONUS);
    return result;
  }

  private ranked(scores: Map<CatalogueRecord, number>): CatalogueRecord[] {
    return [...scores.keys()].sort((a, b) => scores.get(b)! - scores.get(a)! || RECORD_ORDERS.name(a, b));
  }

  private recordOf(id: string): CatalogueRecord | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.slots[slot];
  }

  private place(record: CatalogueRecord): CatalogueRecord {
    const id = record.summary.id;
    if (this.slotOf.has(id)) this.remove(id);
    const slot = this.freeSlots.pop() ?? this.slots.length;
    this.slots[slot] = record;
    this.slotOf.set(id, slot);
    this.terms.add(slot, record.terms);
    if (record.sequence) this.withSequence.add(record);
    return record;
  }
}

function count(counts: Map<string, number>, label: string): void {
  const name = label.trim();
  if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
}
