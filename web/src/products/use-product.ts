import useSWR from 'swr';
import { api } from '../../../shared/web/api.js';
import { resources } from '../page-data/resources.js';

/** One product; `data` is null when it does not exist or is not for sale. */
export function useProduct(productId: string) {
  const { key, load } = resources.product(api, productId);
  return useSWR(key, async () => {
    try {
      return await load();
    } catch (error) {
      console.error('Loading the product failed:', error);
      throw error;
    }
  });
}
