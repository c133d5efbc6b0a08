import type { PriceRange } from '../../../shared/domain/price-filter.js';

/** What the store listing keeps in its URL: `?category=Peptides&page=2&min=20&max=80` (page counted from 1). */
export interface StoreQuery {
  /** '' for every category. */
  category: string;
  /** Counted from 0. */
  page: number;
  range: [number, number];
}

function readNumber(params: URLSearchParams, name: string): number | null {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

const clamp = (value: number, [low, high]: PriceRange) => Math.min(Math.max(value, low), high);

export const readCategory = (params: URLSearchParams): string => params.get('category') ?? '';

/** Reads category, page and price range, keeping the range inside the (category's) price bounds. */
export function readStoreQuery(params: URLSearchParams, bounds: PriceRange): StoreQuery {
  const page = readNumber(params, 'page');
  const min = clamp(readNumber(params, 'min') ?? bounds[0], bounds);
  const max = clamp(readNumber(params, 'max') ?? bounds[1], bounds);
  return {
    category: readCategory(params),
    page: page && page >= 1 ? Math.floor(page) - 1 : 0,
    range: [min, max],
  };
}

/** The search string for a query; defaults (every category, first page, whole range) are left out. */
export function storeSearch({ category, page, range }: StoreQuery, bounds: PriceRange): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (range[0] !== bounds[0]) params.set('min', String(range[0]));
  if (range[1] !== bounds[1]) params.set('max', String(range[1]));
  if (page > 0) params.set('page', String(page + 1));
  const search = params.toString();
  return search ? `?${search}` : '';
}
