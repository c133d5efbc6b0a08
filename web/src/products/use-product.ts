import useSWR, { useSWRConfig } from 'swr';
import { ApiError } from '../../../shared/api/errors.js';
import type { Product } from '../../../shared/domain/product.js';
import { api } from '../../../shared/web/api.js';
import { cacheKeys } from '../cache-keys.js';

/**
 * One product; `data` is null when it does not exist or is not for sale. Opened from a listing, it
 * shows the listed copy at once while the fresh one loads.
 */
export function useProduct(productId: string) {
  const { cache } = useSWRConfig();
  // SWR's cache is untyped; this key holds what useProducts fetched.
  const catalogue: Product[] | undefined = cache.get(cacheKeys.products)?.data;
  const listed = catalogue?.find((p) => p.id === productId);
  return useSWR(
    cacheKeys.product(productId),
    async () => {
      try {
        return (await api.products.get(productId)).product;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        console.error('Loading the product failed:', error);
        throw error;
      }
    },
    { fallbackData: listed },
  );
}
