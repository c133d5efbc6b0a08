import type { ApiClient, QuoteResponse } from '../../../shared/api/client.js';
import type { QuoteRequestInput, RequestedLine } from '../../../shared/domain/order.js';
import { apiFieldErrors, type FieldErrors } from '../forms/field-errors.js';

/** What the shopper chose so far that changes the price: where it ships, a code, a shipping rate. */
export interface QuoteChoices {
  /** Null until the address says enough (a country, and its region where one is required). */
  destination: { country: string; state: string } | null;
  discountCode: string | null;
  shippingOptionId: string | null;
}

export interface CheckoutQuote {
  quote: QuoteResponse;
  /**
   * The server's reasons for the choices it refused, by field (`discountCode`, `shippingAddress.country`,
   * `shippingOptionId`); the quote is of the cart without them.
   */
  refused: FieldErrors;
}

type Choice = 'discountCode' | 'shippingAddress' | 'shippingOptionId';

function choiceNamed(field: string): Choice | null {
  if (field === 'discountCode' || field === 'shippingOptionId') return field;
  return field.startsWith('shippingAddress') ? 'shippingAddress' : null;
}

/** The request without the choice a refused field names; null when the request holds no such choice. */
function without(request: QuoteRequestInput, field: string): QuoteRequestInput | null {
  const choice = choiceNamed(field);
  if (choice === null || request[choice] === undefined) return null;
  const rest: QuoteRequestInput = { ...request };
  delete rest[choice];
  // A rate is one of an address's options: without the address it means nothing.
  if (choice === 'shippingAddress') delete rest.shippingOptionId;
  return rest;
}

/**
 * Prices the cart with the shopper's choices. A choice the server refuses (a code that does not apply, a
 * country without a rate, a rate no longer offered) is kept with its reason and the cart priced without it,
 * so the summary always shows what would be charged; any other failure is thrown.
 */
export async function quoteWithChoices(
  client: Pick<ApiClient, 'quote'>,
  lines: readonly RequestedLine[],
  choices: QuoteChoices,
): Promise<CheckoutQuote> {
  let request: QuoteRequestInput = {
    lines: [...lines],
    ...(choices.destination ? { shippingAddress: choices.destination } : {}),
    ...(choices.discountCode ? { discountCode: choices.discountCode } : {}),
    ...(choices.shippingOptionId ? { shippingOptionId: choices.shippingOptionId } : {}),
  };
  const refused: FieldErrors = {};
  for (;;) {
    try {
      return { quote: await client.quote(request), refused };
    } catch (error) {
      const fields = apiFieldErrors(error);
      const field = Object.keys(fields).find((f) => without(request, f) !== null);
      if (field === undefined) throw error;
      refused[field] = fields[field]!;
      request = without(request, field)!;
    }
  }
}
