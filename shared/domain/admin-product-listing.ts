import type { FacetCount } from './facets.js';
import type { Product } from './product.js';

/**
 * Staff's products list as the server pages it from the catalogue index (unavailable products too):
 * `GET /api/admin/products?q=&category=&available=&stock=&sort=&page=&perPage=`, the listing's
 * parameters (catalogue-query.ts) plus `stock`: in (some size can be bought now), out (none can) or
 * low (tracked stock of LOW_STOCK_UNITS or fewer, some left).
 */
export const STOCK_FILTERS = ['', 'in', 'out', 'low'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

export interface AdminProductPage {
  /** The page's products in full, as the list's rows and switches need them. */
  products: Product[];
  page: number;
  perPage: number;
  total: number;
  totalPages: number;
  /** Categories of the set filtered by everything but the category, with their counts. */
  categories: FacetCount[];
}
