import useSWR from 'swr';
import { adminApi } from '../../../shared/web/admin-api.js';
import { cacheKeys } from '../cache-keys.js';

/** How often the list re-checks the server, so edits made elsewhere (CLI, another admin) show up. */
const PRODUCT_LIST_REFRESH_MS = 3000;

/** Every product, unavailable ones included, kept fresh by polling (cheap: the server answers 304). */
export function useAdminProducts() {
  return useSWR(cacheKeys.products, async () => (await adminApi.products.list()).products, {
    refreshInterval: PRODUCT_LIST_REFRESH_MS,
  });
}
