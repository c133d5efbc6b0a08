import useSWR from 'swr';
import { api } from '../../../shared/web/api.js';
import { cacheKeys } from '../cache-keys.js';

/** Below this many characters a prefix matches too much to be worth asking about. */
const SUGGEST_MIN_LENGTH = 2;

/** What the server suggests for the typed words; the previous list stays while the next loads. */
export function useSuggestions(q: string) {
  const asking = q.length >= SUGGEST_MIN_LENGTH;
  const { data } = useSWR(
    asking ? cacheKeys.suggestions(q) : null,
    async () => (await api.products.suggest(q)).suggestions,
    { keepPreviousData: true, revalidateOnFocus: false },
  );
  return asking ? (data ?? []) : [];
}
