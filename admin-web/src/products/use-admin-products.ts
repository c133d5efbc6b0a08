import useSWR from 'swr';
import { adminApi } from '../../../shared/web/admin-api.js';
import { cacheKeys } from '../cache-keys.js';
import { type ProductListQuery, productListParams } from './product-list-url.js';

/** How often the list re-checks the server, so edits made elsewhere (CLI, another admin) show up. */
const PRODUCT_LIST_REFRESH_MS = 3000;

/** One page of products as the server filters, sorts and pages them; polling is cheap (304 while nothing changed). */
export function useAdminProducts(query: ProductListQuery) {
  const params = productListParams(query).toString();
  return useSWR(
    cacheKeys.products(params),
    () => adminApi.products.list(Object.fromEntries(new URLSearchParams(params))),
    { keepPreviousData: true, refreshInterval: PRODUCT_LIST_REFRESH_MS },
  );
}
