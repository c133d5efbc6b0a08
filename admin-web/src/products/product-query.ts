import type { Product } from '../../../shared/domain/product.js';
import { compareTimestamps } from '../../../shared/domain/timestamp.js';

export const PRODUCT_SORTS = {
  name: 'Name (A–Z)',
  'price-asc': 'Price (low to high)',
  'price-desc': 'Price (high to low)',
  newest: 'Newest first',
  oldest: 'Oldest first',
} as const;
export type ProductSort = keyof typeof PRODUCT_SORTS;

const byName = (a: Product, b: Product) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

const COMPARE: Record<ProductSort, (a: Product, b: Product) => number> = {
  name: byName,
  'price-asc': (a, b) => a.price - b.price || byName(a, b),
  'price-desc': (a, b) => b.price - a.price || byName(a, b),
  newest: (a, b) => compareTimestamps(b.createdAt, a.createdAt) || byName(a, b),
  oldest: (a, b) => compareTimestamps(a.createdAt, b.createdAt) || byName(a, b),
};

/** The products whose name contains the search (case-insensitive), in the chosen order. */
export function queryProducts(products: readonly Product[], search: string, sort: ProductSort): Product[] {
  const needle = search.trim().toLowerCase();
  return products.filter((p) => p.name.toLowerCase().includes(needle)).sort(COMPARE[sort]);
}
