import useSWR from 'swr';
import { api } from '../../../shared/web/api.js';
import { cacheKeys } from '../cache-keys.js';

/** The categories of available products with their counts, sorted by name. */
export function useCategories() {
  return useSWR(cacheKeys.categories, async () => (await api.categories()).categories);
}
