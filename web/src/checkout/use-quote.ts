import useSWR from 'swr';
import { type CartLine, requestedLine } from '../../../shared/domain/cart.js';
import { api } from '../../../shared/web/api.js';
import { cacheKeys } from '../cache-keys.js';

/** The server's prices for the cart as it is now; re-asked whenever a line or quantity changes. */
export function useQuote(lines: readonly CartLine[]) {
  const requested = lines.map(requestedLine);
  const key = requested.length ? cacheKeys.quote(requested) : null;
  return useSWR(key, () => api.quote({ lines: requested }), { revalidateOnFocus: true });
}
