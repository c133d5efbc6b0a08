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
import {
  type CatalogueRecord,
  Labels,
  labelKey,
  RECORD_ORDERS,
  recordTerms,
  textHash,
  toCatalogueRecord,
} from './catalogue-record.js';
import { FIELD_WEIGHTS, queryWords, sequenceCode } from './search-terms.js';
import { SortedRecords } from './sorted-records.js';
import { type IndexedTerms, TermIndex } from './term-index.js';

export type CatalogueScope = 'public' | 'admin';

export type ListQuery = CatalogueQuery & Partial<AdminCatalogueFilters>;

/** A product (by id) or a category (by name) and when it last changed, in ms. */
export interface SitemapEntry {
  readonly id: string;
  readonly updatedMs: number;
}

export interface CatalogueSitemap {
  readonly products: readonly SitemapEntry[];
  readonly categories: readonly SitemapEntry[];
}

/** A product whose name begins with the whole search ranks above one that only holds its words. */
const NAME_START_BONUS = 5;

/** A query word this long, letters only, is also looked for inside amino-acid sequences. */
const SEQUENCE_FRAGMENT_MIN = 4;

const SEQUENCE_WORD = /^[a-z-]+$/;

/** Fewer matches than this are ranked by sorting them; more, by one pass over the name order. */
const RANK_BY_SORT_BELOW = 2_000;

const isLowStock = (units: number | null) => units !== null && units > 0 && units <= LOW_STOCK_UNITS;

/**
 * Every product of the catalogue as compact records, in each list order and by search term; changed
 * one product at a time. Answers are computed from it synchronously (a pass over the records: a few
 * milliseconds at 100k products).
 */
export class CatalogueState {
  private readonly slots: (CatalogueRecord | undefined)[] = [];
  private readonly indexed: (IndexedTerms | undefined)[] = [];
  private readonly slotOf = new Map<string, number>();
  private readonly freeSlots: number[] = [];
  private readonly terms = new TermIndex();
  private readonly labels = new Labels();
  private readonly withSequence = new Set<CatalogueRecord>();
  /** Available products in all, and under each category and brand (by label number), kept as they change. */
  private available = 0;
  private availableByCategory = new Uint32Array(16);
  private availableByBrand = new Uint32Array(16);
  private readonly orders = {
    name: new SortedRecords(RECORD_ORDERS.name),
    'price-asc': new SortedRecords(RECORD_ORDERS['price-asc']),
    'price-desc': new SortedRecords(RECORD_ORDERS['price-desc']),
    newest: new SortedRecords(RECORD_ORDERS.newest),
  };

  /** Adds products in bulk (a build); call `finishLoad` after the last. */
  load(products: readonly Product[]): void {
    for (const product of products) this.place(product);
  }

  finishLoad(): void {
    const records = this.slots.filter((r): r is CatalogueRecord => r !== undefined);
    for (const order of Object.values(this.orders)) order.reset(records);
  }

  /** Takes in a written product; false when the index already had this version. */
  put(product: Product): boolean {
    const slot = this.slotOf.get(product.id);
    const old = slot === undefined ? undefined : this.slots[slot]!;
    if (old && old.version === product.version) return false;
    if (slot === undefined || !old || old.textHash !== textHash(product)) {
      if (old) this.remove(product.id);
      const record = this.place(product);
      for (const order of Object.values(this.orders)) order.insert(record);
      return true;
    }
    // Its text is as it was (an order took stock, a price or availability changed): same terms.
    const record = toCatalogueRecord(product, this.labels);
    this.slots[slot] = record;
    this.tally(old, -1);
    this.tally(record, 1);
    this.withSequence.delete(old);
    if (record.sequence) this.withSequence.add(record);
    for (const order of Object.values(this.orders)) order.replace(old, record);
    return true;
  }

  /** False when there was no such product. */
  remove(id: string): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    const record = this.slots[slot]!;
    this.terms.remove(slot, this.indexed[slot]!);
    this.indexed[slot] = undefined;
    this.withSequence.delete(record);
    this.tally(record, -1);
    for (const order of Object.values(this.orders)) order.remove(record);
    this.slots[slot] = undefined;
    this.slotOf.delete(id);
    this.freeSlots.push(slot);
    return true;
  }

  list(query: ListQuery, scope: CatalogueScope): CataloguePage {
    const admin = scope === 'admin';
    if (!admin && isUnfiltered(query)) return this.unfilteredPage(query);
    const scores = this.search(query.q);
    const candidates =
      scores && query.sort === 'relevance'
        ? this.ranked(scores)
        : this.orders[query.sort === 'relevance' ? 'name' : query.sort].all;
    const category = query.category ? this.labels.find(labelKey(query.category)) : 0;
    const brand = query.brand ? this.labels.find(labelKey(query.brand)) : 0;
    const min = query.min === null ? Number.NEGATIVE_INFINITY : toCents(query.min);
    const max = query.max === null ? Number.POSITIVE_INFINITY : toCents(query.max);
    const categories = new Uint32Array(this.labels.names.length);
    const brands = new Uint32Array(this.labels.names.length);
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
      const inCategory = !category || r.categoryKey === category;
      const inBrand = !brand || r.brandKey === brand;
      const inPrice = r.priceCents >= min && r.priceCents <= max;
      if (inBrand && inPrice) categories[r.categoryName]!++;
      if (inCategory && inPrice) brands[r.brandName]!++;
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
      facets: { category: this.facetList(categories), brand: this.facetList(brands) },
    };
  }

  /**
   * The storefront's most asked page, every available product in some order, from the kept counts:
   * it walks only as far as the page asked for (at 100k products, no pass over all of them).
   */
  private unfilteredPage(query: ListQuery): CataloguePage {
    const order = this.orders[query.sort === 'relevance' ? 'name' : query.sort].all;
    const total = this.available;
    const totalPages = Math.ceil(total / query.perPage);
    const page = Math.min(Math.max(1, query.page), Math.max(1, totalPages));
    const products: CataloguePage['products'] = [];
    let skip = (page - 1) * query.perPage;
    for (let i = 0; i < order.length && products.length < query.perPage; i++) {
      const r = order[i]!;
      if (!r.summary.available) continue;
      if (skip > 0) skip--;
      else products.push(r.summary);
    }
    const byPrice = this.orders['price-asc'].all;
    const lowest = byPrice.find((r) => r.summary.available);
    const highest = byPrice.findLast((r) => r.summary.available);
    const labels = this.labels.names.length;
    return {
      products,
      page,
      perPage: query.perPage,
      total,
      totalPages,
      priceBounds: lowest && highest ? [lowest.summary.price, highest.summary.price] : [0, 0],
      facets: {
        category: this.facetList(this.availableByCategory.subarray(0, labels)),
        brand: this.facetList(this.availableByBrand.subarray(0, labels)),
      },
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
    const categories = new Uint32Array(this.labels.names.length);
    const brands = new Uint32Array(this.labels.names.length);
    for (const r of this.orders.name.all) {
      if (!r.summary.available) continue;
      categories[r.categoryName]!++;
      brands[r.brandName]!++;
    }
    return { category: this.facetList(categories), brand: this.facetList(brands) };
  }

  /** Available products by name, and the categories they are in, each with when it last changed. */
  sitemap(): CatalogueSitemap {
    const products: SitemapEntry[] = [];
    const latest = new Float64Array(this.labels.names.length);
    for (const r of this.orders.name.all) {
      if (!r.summary.available) continue;
      products.push({ id: r.summary.id, updatedMs: r.updatedMs });
      if (r.updatedMs > latest[r.categoryName]!) latest[r.categoryName] = r.updatedMs;
    }
    const categories: SitemapEntry[] = [];
    // Label 0 is the blank category: no page of its own.
    for (let label = 1; label < latest.length; label++)
      if (latest[label]! > 0) categories.push({ id: this.labels.names[label]!, updatedMs: latest[label]! });
    return { products, categories };
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

  /** Best score first, then by name. */
  private ranked(scores: Map<CatalogueRecord, number>): CatalogueRecord[] {
    if (scores.size < RANK_BY_SORT_BELOW)
      return [...scores].sort(([a, sa], [b, sb]) => sb - sa || RECORD_ORDERS.name(a, b)).map(([r]) => r);
    // Many matches (a common word): one pass in name order into a bucket per score, no comparisons.
    const buckets = new Map<number, CatalogueRecord[]>();
    for (const r of this.orders.name.all) {
      const score = scores.get(r);
      if (score === undefined) continue;
      const bucket = buckets.get(score);
      if (bucket) bucket.push(r);
      else buckets.set(score, [r]);
    }
    return [...buckets.keys()].sort((a, b) => b - a).flatMap((score) => buckets.get(score)!);
  }

  /** Counts an available record in (+1) or out (-1) of the kept totals. */
  private tally(record: CatalogueRecord, by: 1 | -1): void {
    if (!record.summary.available) return;
    this.available += by;
    const needed = this.labels.names.length;
    if (this.availableByCategory.length < needed) {
      this.availableByCategory = grown(this.availableByCategory, needed * 2);
      this.availableByBrand = grown(this.availableByBrand, needed * 2);
    }
    this.availableByCategory[record.categoryName]! += by;
    this.availableByBrand[record.brandName]! += by;
  }

  /** Counts by label number as a facet list; the blank label and labels no product counts are left out. */
  private facetList(counts: Uint32Array): FacetCount[] {
    const named = new Map<string, number>();
    for (let id = 1; id < counts.length; id++) if (counts[id]) named.set(this.labels.names[id]!, counts[id]!);
    return facetList(named);
  }

  private place(product: Product): CatalogueRecord {
    const record = toCatalogueRecord(product, this.labels);
    if (this.slotOf.has(product.id)) this.remove(product.id);
    const slot = this.freeSlots.pop() ?? this.slots.length;
    this.slots[slot] = record;
    this.tally(record, 1);
    this.slotOf.set(product.id, slot);
    this.indexed[slot] = this.terms.add(slot, recordTerms(product));
    if (record.sequence) this.withSequence.add(record);
    return record;
  }
}

/** A public query that only pages and sorts: no search, no filter. */
const isUnfiltered = (q: ListQuery): boolean =>
  q.q.trim() === '' && !q.category && !q.brand && q.min === null && q.max === null && !q.inStock;

function grown(counts: Uint32Array, length: number): Uint32Array<ArrayBuffer> {
  const bigger = new Uint32Array(length);
  bigger.set(counts);
  return bigger;
}
