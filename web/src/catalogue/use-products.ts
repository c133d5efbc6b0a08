import useSWR from 'swr';
import { CATALOGUE_MAX_PER_PAGE } from '../../../shared/domain/catalogue-listing.js';
import { api } from '../../../shared/web/api.js';
import { cacheKeys } from '../cache-keys.js';

/**
 * Stopgap until the storefront pages through the server's listing (branch list-web): the first page
 * of the catalogue, each product read in full. `enabled: false` skips the request.
 */
export function useProducts(enabled = true) {
  return useSWR(enabled ? cacheKeys.products : null, async () => {
    const { products } = await api.products.list({ perPage: CATALOGUE_MAX_PER_PAGE });
    return Promise.all(products.map(async ({ id }) => (await api.products.get(id)).product));
  });
}
