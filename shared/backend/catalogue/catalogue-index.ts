import { randomUUID } from 'node:crypto';
import type { CataloguePage, CatalogueSuggestion } from '../../domain/catalogue-listing.js';
import type { FacetCount } from '../../domain/facets.js';
import type { ProductRepository } from '../store/port.js';
import {
  type CatalogueScope,
  type CatalogueSitemap,
  CatalogueState,
  type ListQuery,
} from './catalogue-state.js';

export type CatalogueSource = Pick<ProductRepository, 'changeToken' | 'changesSince' | 'listAllInPages'>;

export interface CatalogueIndexOptions {
  /** Products read per page while building. */
  buildPageSize?: number;
  /** More changes than this since the last refresh rebuild the index instead (a large import). */
  changesLimit?: number;
}

/** Answers kept per state of the catalogue (a page a shopper reloads, the first page everyone opens). */
const ANSWERS_KEPT = 500;

/**
 * The one in-process catalogue index serving listings, facets, price bounds, search and suggestions
 * for every store adapter alike. It is built once from the store a page at a time (requests wait for
 * that first build, which does not block the event loop between pages), then kept current from
 * `products.changesSince`: when the store's change token moves, only the products written since are
 * taken in (an order taking stock replaces one record). Concurrent requests share one refresh.
 *
 * Scale: about 1 KB of memory per product with its search terms; fine to 100k products and a few
 * times that. A shop far beyond would plug a search service (Typesense, Algolia, Elasticsearch)
 * in behind the same `list`/`suggest`, fed by the same changesSince.
 */
export class CatalogueIndex {
  private state = new CatalogueState();
  private cursor: string | null = null;
  private syncedToken: string | null = null;
  private syncing: Promise<void> | null = null;
  /** Moves whenever the answers may change; with the instance id it makes the ETag. */
  private generation = 0;
  private readonly instance = randomUUID().slice(0, 8);
  private answers = new Map<string, unknown>();

  constructor(
    private readonly source: CatalogueSource,
    private readonly options: CatalogueIndexOptions = {},
  ) {}

  /** Brings the index up to the store's current state; cheap when nothing changed. */
  async refresh(): Promise<void> {
    // A refresh under way may have read the store before the caller's own write: then one more.
    for (let round = 0; round < 2; round++) {
      const token = await this.source.changeToken();
      if (token === this.syncedToken) return;
      this.syncing ??= this.catchUp(token).finally(() => {
        this.syncing = null;
      });
      await this.syncing;
    }
  }

  /** Identifies the current answers: equal tags, equal answers (an ETag with the query). */
  async tag(): Promise<string> {
    await this.refresh();
    return `${this.instance}.${this.generation}`;
  }

  async list(query: ListQuery, scope: CatalogueScope): Promise<CataloguePage> {
    await this.refresh();
    return this.remembered(`${scope}${JSON.stringify(query)}`, () => this.state.list(query, scope));
  }

  async suggest(q: string, limit: number): Promise<CatalogueSuggestion[]> {
    await this.refresh();
    return this.remembered(`suggest${limit}:${q}`, () => this.state.suggest(q, limit));
  }

  /** Categories and brands of available products, with how many products each has. */
  async facets(): Promise<{ category: FacetCount[]; brand: FacetCount[] }> {
    await this.refresh();
    return this.remembered('facets', () => this.state.facets());
  }

  /** What a sitemap lists: available products and their categories with when each last changed. */
  async sitemap(): Promise<CatalogueSitemap> {
    await this.refresh();
    return this.remembered('sitemap', () => this.state.sitemap());
  }

  private remembered<T>(key: string, answer: () => T): T {
    if (this.answers.has(key)) return this.answers.get(key) as T;
    const value = answer();
    if (this.answers.size >= ANSWERS_KEPT) this.answers = new Map();
    this.answers.set(key, value);
    return value;
  }

  private changed(): void {
    this.generation++;
    this.answers = new Map();
  }

  private async catchUp(token: string): Promise<void> {
    const changes = await this.source.changesSince(this.cursor, this.options.changesLimit ?? 5_000);
    if (changes.reset) {
      const next = new CatalogueState();
      for await (const page of this.source.listAllInPages(this.options.buildPageSize ?? 2_000))
        next.load(page);
      next.finishLoad();
      this.state = next;
      this.changed();
    } else {
      let any = false;
      for (const product of changes.products) any = this.state.put(product) || any;
      for (const id of changes.removed) any = this.state.remove(id) || any;
      if (any) this.changed();
    }
    this.cursor = changes.cursor;
    this.syncedToken = token;
  }
}
