import type { CatalogueQuery } from '../../../shared/domain/catalogue-listing.js';
import { catalogueSearchParams, parseCatalogueQuery } from '../../../shared/domain/catalogue-query.js';

/**
 * What the store listing keeps in its URL — `?q=bpc&category=Peptides&brand=…&min=20&max=80&inStock=true&sort=price-asc&page=2`,
 * the API's own names, pages counted from 1 — read leniently: a value that makes no sense takes its default.
 */
export const readStoreQuery = (params: URLSearchParams): CatalogueQuery => parseCatalogueQuery(params).query;

/** The search string for the query with these changes; any change but a page's starts again at page 1. */
export function storeSearch(query: CatalogueQuery, changes: Partial<CatalogueQuery>): string {
  const search = new URLSearchParams(catalogueSearchParams({ ...query, page: 1, ...changes })).toString();
  return search ? `?${search}` : '';
}
