import useSWR from 'swr';
import { api } from '../../../shared/web/api.js';
import { cacheKeys } from '../cache-keys.js';

/** The product's lots, most recently tested first. */
export function useProductLots(productId: string) {
  return useSWR(cacheKeys.productLots(productId), async () => (await api.lots.ofProduct(productId)).lots);
}
