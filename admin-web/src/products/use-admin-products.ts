import useSWR from 'swr';
import { api } from '../../../shared/web/api.js';

/** How often the list re-checks the server, so edits made elsewhere (CLI, another admin) show up. */
const PRODUCT_LIST_REFRESH_MS = 3000;

export const ADMIN_PRODUCTS_KEY = 'admin/products';

/** Every product, unavailable ones included, kept fresh by polling (cheap: the server answers 304). */
export function useAdminProducts() {
  return useSWR(ADMIN_PRODUCTS_KEY, async () => (await api.admin.products.list()).products, {
    refreshInterval: PRODUCT_LIST_REFRESH_MS,
  });
}
