import useSWR from 'swr';
import { api } from '../../../shared/web/api.js';
import { resources } from '../page-data/resources.js';

/** The product's lots, most recently tested first. */
export function useProductLots(productId: string) {
  const { key, load } = resources.productLots(api, productId);
  return useSWR(key, load);
}
