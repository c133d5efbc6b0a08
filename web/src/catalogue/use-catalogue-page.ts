import useSWR from 'swr';
import type { CatalogueQuery } from '../../../shared/domain/catalogue-listing.js';
import { catalogueSearchParams } from '../../../shared/domain/catalogue-query.js';
import { api } from '../../../shared/web/api.js';
import { cacheKeys } from '../cache-keys.js';

/**
 * One page of the catalogue as the server lists it. While the next page loads the previous one
 * stays on screen (`isLoading` tells), so browsing never flashes a spinner.
 */
export function useCataloguePage(query: Partial<CatalogueQuery>) {
  const search = new URLSearchParams(catalogueSearchParams(query)).toString();
  return useSWR(cacheKeys.cataloguePage(search), () => api.products.list(query), { keepPreviousData: true });
}
