import useSWR from 'swr';
import { ApiError } from '../../../shared/api/errors.js';
import { api } from '../../../shared/web/api.js';
import { cacheKeys } from '../cache-keys.js';

/** One product; `data` is null when it does not exist or is not for sale. */
export function useProduct(productId: string) {
  return useSWR(cacheKeys.product(productId), async () => {
    try {
      return (await api.products.get(productId)).product;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      console.error('Loading the product failed:', error);
      throw error;
    }
  });
}
