import useSWR from 'swr';
import { api } from '../../../shared/web/api.js';
import { cacheKeys } from '../cache-keys.js';

/** The shoppers' catalogue (available products only); `enabled: false` skips the request. */
export function useProducts(enabled = true) {
  return useSWR(enabled ? cacheKeys.products : null, async () => (await api.products.list()).products);
}
