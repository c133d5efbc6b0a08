import useSWR from 'swr';
import { type CartLine, requestedLine } from '../../../shared/domain/cart.js';
import { api } from '../../../shared/web/api.js';
import { cacheKeys } from '../cache-keys.js';
import { type QuoteChoices, quoteWithChoices } from './checkout-quote.js';

/**
 * The server's prices for the cart as it is now, with the shopper's choices; re-asked whenever a line, a
 * quantity or a choice changes. The previous answer stays shown while the next one is asked for.
 */
export function useQuote(lines: readonly CartLine[], choices: QuoteChoices) {
  const requested = lines.map(requestedLine);
  const key = requested.length ? cacheKeys.quote(requested, choices) : null;
  return useSWR(key, () => quoteWithChoices(api, requested, choices), {
    revalidateOnFocus: true,
    keepPreviousData: true,
  });
}
