import { useState } from 'react';
import { countryRules, regionCode } from '../../../shared/domain/address-rules.js';
import type { CartLine } from '../../../shared/domain/cart.js';
import type { AddressForm } from './address.js';
import type { QuoteChoices } from './checkout-quote.js';
import { useQuote } from './use-quote.js';

/** Where the order ships, once the address says enough: a country shipped to, and its region where one is required. */
function destinationOf(
  country: string,
  state: string,
  refused: readonly string[],
): QuoteChoices['destination'] {
  const rules = countryRules(country);
  if (!rules || refused.includes(country)) return null;
  const region = regionCode(country, state) ?? '';
  if (rules.region?.required && !region) return null;
  return { country, state: region };
}

/**
 * The checkout's prices as the shopper chooses: the address's country and region (chosen from a list), a discount
 * code and a shipping rate. The server prices every choice; this only asks.
 */
export function useCheckoutPricing(
  lines: readonly CartLine[],
  address: Pick<AddressForm, 'country' | 'state'>,
  refusedCountries: readonly string[],
) {
  const [discountCode, setDiscountCode] = useState<string | null>(null);
  const [shippingOptionId, setShippingOptionId] = useState<string | null>(null);
  const destination = destinationOf(address.country, address.state, refusedCountries);
  const quote = useQuote(lines, { destination, discountCode, shippingOptionId });
  const priced = quote.data?.quote;
  const options = priced?.shippingOptions ?? [];
  // The rate clicked shows as chosen at once; the quote with it follows (and the order waits for it: `settled`).
  const chosen = options.some((o) => o.id === shippingOptionId)
    ? shippingOptionId
    : (priced?.shipping?.id ?? null);
  return {
    quote,
    destinationKnown: destination !== null,
    /** No newer quote is on its way: the prices shown are those of the address as chosen. */
    settled: !quote.isValidating,
    discount: {
      applied: priced?.discount?.code ?? null,
      refusal: quote.data?.refused.discountCode,
      apply: setDiscountCode,
      remove: () => setDiscountCode(null),
    },
    shipping: {
      options,
      chosen,
      choose: setShippingOptionId,
    },
    /** The server's reason for not shipping to the address's country, if it gave one. */
    countryRefusal: quote.data?.refused['shippingAddress.country'],
  };
}
