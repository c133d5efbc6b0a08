import useSWR from 'swr';
import { ApiError } from '../../../shared/api/errors.js';
import type { Product } from '../../../shared/domain/product.js';
import { api } from '../../../shared/web/api.js';
import { cacheKeys } from '../cache-keys.js';

/** The products a cart holds, as the shop has them now; one gone from sale is left out. */
export function useCartProducts(productIds: readonly string[]) {
  const ids = [...new Set(productIds)].sort();
  return useSWR(ids.length > 0 ? cacheKeys.cartProducts(ids) : null, async () => {
    const found = await Promise.all(
      ids.map((id) =>
        api.products.get(id).then(
          ({ product }) => product,
          (error: unknown) => {
            if (error instanceof ApiError && error.status === 404) return null;
            throw error;
          },
        ),
      ),
    );
    return found.filter((p): p is Product => p !== null);
  });
}
