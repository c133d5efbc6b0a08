import useSWR from 'swr';
import type { CatalogueQuery } from '../../../shared/domain/catalogue-listing.js';
import { api } from '../../../shared/web/api.js';
import { resources } from '../page-data/resources.js';

/**
 * One page of the catalogue as the server lists it. While the next page loads the previous one
 * stays on screen (`isLoading` tells), so browsing never flashes a spinner.
 */
export function useCataloguePage(query: Partial<CatalogueQuery>) {
  const { key, load } = resources.cataloguePage(api, query);
  return useSWR(key, load, { keepPreviousData: true });
}
