import type { ProductSummary } from '../../../shared/domain/catalogue-listing.js';

export const FEATURED_COUNT = 3;
/** The dearest products, one small page: enough to find a few categories without the catalogue. */
export const FEATURED_QUERY = { sort: 'price-desc', perPage: 12 } as const;

/**
 * The shop's flagship lines: the dearest product of each category among the dearest few, so the
 * home page shows range; filled up with the next dearest when they share fewer categories.
 */
export function featured(products: readonly ProductSummary[]): ProductSummary[] {
  const seen = new Set<string>();
  const picks = products.filter((p) => !seen.has(p.category) && seen.add(p.category));
  const rest = products.filter((p) => !picks.includes(p));
  return [...picks, ...rest].slice(0, FEATURED_COUNT);
}
