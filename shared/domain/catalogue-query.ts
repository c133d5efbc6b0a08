import { STOCK_FILTERS, type StockFilter } from './admin-product-listing.js';
import {
  type AdminCatalogueFilters,
  type AdminCatalogueQuery,
  CATALOGUE_MAX_PER_PAGE,
  CATALOGUE_SORTS,
  type CatalogueQuery,
  type CatalogueSort,
} from './catalogue-listing.js';
import { PRODUCT_LABEL_MAX_LENGTH, STOREFRONT_PAGE_SIZE } from './constants.js';
import type { FieldIssue } from './errors.js';

/** Longer search text is cut here: no product field worth matching is longer. */
export const CATALOGUE_QUERY_MAX_LENGTH = 100;

/** @internal */
export const DEFAULT_CATALOGUE_QUERY: Readonly<CatalogueQuery> = {
  q: '',
  category: '',
  brand: '',
  min: null,
  max: null,
  inStock: false,
  sort: 'relevance',
  page: 1,
  perPage: STOREFRONT_PAGE_SIZE,
};

const DEFAULT_ADMIN_FILTERS: Readonly<AdminCatalogueFilters> = {
  available: null,
  outOfStock: false,
  lowStock: false,
};

/** The listing's URL parameters as sent (each optional; see catalogueSearchParams). */
export type CatalogueQueryParams = { [K in keyof AdminCatalogueQuery]?: string };

type Params = URLSearchParams | Record<string, string | readonly string[] | undefined>;

/** A parameter's value; of one given twice (`?q=a&q=b`), the first, as URLSearchParams reads it. */
const read = (params: Params, name: string): string | null => {
  const value = params instanceof URLSearchParams ? params.get(name) : params[name];
  return (typeof value === 'string' ? value : value?.[0]) ?? null;
};

const BOOLEANS: Record<string, boolean> = { '': false, '0': false, false: false, '1': true, true: true };

/**
 * Reads a listing query from URL parameters (the storefront's address bar and the API share the
 * names): absent or empty values take the defaults; unknown parameters are ignored. Zod-free, so the
 * storefront's first load stays small. Issues name each bad field; the query then holds the defaults
 * in their place. With scope 'admin' it also reads the admin list's filters: `available` (true,
 * false, or empty for both), `outOfStock` and `stock` (in, out, low); the public scope leaves them at their defaults.
 */
export function parseCatalogueQuery(
  params: Params,
  scope: 'public' | 'admin' = 'public',
): { query: AdminCatalogueQuery; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const query: AdminCatalogueQuery = { ...DEFAULT_CATALOGUE_QUERY, ...DEFAULT_ADMIN_FILTERS };
  const text = (name: 'q' | 'category' | 'brand', limit: number) => {
    const value = read(params, name)?.trim() ?? '';
    if (value.length > limit) issues.push({ field: name, message: `At most ${limit} characters` });
    else query[name] = value;
  };
  text('q', CATALOGUE_QUERY_MAX_LENGTH);
  text('category', PRODUCT_LABEL_MAX_LENGTH);
  text('brand', PRODUCT_LABEL_MAX_LENGTH);
  for (const name of ['min', 'max'] as const) {
    const value = read(params, name)?.trim() ?? '';
    if (value === '') continue;
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0) issues.push({ field: name, message: 'A price of 0 or more' });
    else query[name] = n;
  }
  if (query.min !== null && query.max !== null && query.min > query.max)
    [query.min, query.max] = [query.max, query.min];
  const inStock = BOOLEANS[read(params, 'inStock') ?? ''];
  if (inStock === undefined) issues.push({ field: 'inStock', message: 'true or false' });
  else query.inStock = inStock;
  const sort = read(params, 'sort') || 'relevance';
  if ((CATALOGUE_SORTS as readonly string[]).includes(sort)) query.sort = sort as CatalogueSort;
  else issues.push({ field: 'sort', message: `One of ${CATALOGUE_SORTS.join(', ')}` });
  const whole = (name: 'page' | 'perPage', max: number) => {
    const value = read(params, name) ?? '';
    if (value === '') return;
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < 1 || n > max)
      issues.push({ field: name, message: `A whole number from 1 to ${max}` });
    else query[name] = n;
  };
  whole('page', Number.MAX_SAFE_INTEGER);
  whole('perPage', CATALOGUE_MAX_PER_PAGE);
  if (scope === 'admin') {
    const available = read(params, 'available') ?? '';
    if (available !== '') {
      const value = BOOLEANS[available];
      if (value === undefined) issues.push({ field: 'available', message: 'true, false or empty for both' });
      else query.available = value;
    }
    const outOfStock = BOOLEANS[read(params, 'outOfStock') ?? ''];
    if (outOfStock === undefined) issues.push({ field: 'outOfStock', message: 'true or false' });
    else query.outOfStock = outOfStock;
    // The admin list's one stock choice (admin-product-listing.ts) sets the filter it names.
    const stock = (read(params, 'stock') ?? '') as StockFilter;
    if (!STOCK_FILTERS.includes(stock))
      issues.push({ field: 'stock', message: 'in, out, low or empty for every product' });
    else if (stock === 'in') query.inStock = true;
    else if (stock === 'out') query.outOfStock = true;
    else if (stock === 'low') query.lowStock = true;
  }
  return { query, issues };
}

/**
 * The parameters of a query, defaults left out, in a fixed order: the storefront's URL and the
 * API's request (so equal queries share one cache entry).
 */
export function catalogueSearchParams(
  query: Partial<CatalogueQuery> & Partial<AdminCatalogueQuery>,
): CatalogueQueryParams {
  const out: Record<string, string> = {};
  const defaults: Record<string, unknown> = { ...DEFAULT_CATALOGUE_QUERY, ...DEFAULT_ADMIN_FILTERS };
  for (const name of [
    'q',
    'category',
    'brand',
    'min',
    'max',
    'inStock',
    'sort',
    'page',
    'perPage',
    'available',
    'outOfStock',
  ] as const) {
    const value = query[name];
    if (value === undefined || value === null || value === defaults[name]) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    out[name] = String(value);
  }
  return out;
}
