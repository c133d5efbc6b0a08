import type { ApiClient, CheckoutResponse } from '../../../shared/api/client.js';
import { ApiError } from '../../../shared/api/errors.js';
import { shippingAddressSchema } from '../../../shared/domain/address.js';
import { type CartLine, requestedLine } from '../../../shared/domain/cart.js';
import {
  DEFAULT_MINIMUM_AGE,
  noShipIssue,
  RESEARCH_USE_REQUIRED,
} from '../../../shared/domain/compliance.js';
import type { PaymentProvider } from '../../../shared/domain/order.js';
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from '../forms/field-errors.js';
import type { AddressForm } from './address.js';

export interface CheckoutFormValues {
  address: AddressForm;
  paymentMethod: PaymentProvider | null;
  /** The two boxes the shopper ticks: of age, and research use only under the terms. */
  attestations: { adult: boolean; researchUse: boolean };
  /** The code the quote accepted and the rate shown as chosen: what the shopper saw priced. */
  discountCode?: string | null;
  shippingOptionId?: string | null;
}

/** The shop's settings the form judges by (from /api/config). */
interface CheckoutRules {
  minimumAge: number;
  noShipCountries: readonly string[];
}

const DEFAULT_RULES: CheckoutRules = { minimumAge: DEFAULT_MINIMUM_AGE, noShipCountries: [] };

const adultRequired = (minimumAge: number) => `Please confirm you are ${minimumAge} or older`;

/**
 * What the shopper must fix before the order can be sent, keyed as the server names the fields.
 * @internal
 */
export function checkoutFieldErrors(values: CheckoutFormValues, rules = DEFAULT_RULES): FieldErrors {
  const parsed = shippingAddressSchema.safeParse(values.address);
  const errors = parsed.success ? {} : zodFieldErrors(parsed.error, 'shippingAddress.');
  const refused = noShipIssue(values.address.country, rules.noShipCountries);
  if (refused) errors[refused.field] = refused.message;
  if (!values.paymentMethod) errors.paymentMethod = 'Choose a payment method';
  if (!values.attestations.adult) errors['attestations.adult'] = adultRequired(rules.minimumAge);
  if (!values.attestations.researchUse) errors['attestations.researchUse'] = RESEARCH_USE_REQUIRED;
  return errors;
}

/** A field's value in the form, by the name its error is keyed under (`shippingAddress.city`, `attestations.adult`). */
function fieldValue(values: CheckoutFormValues, field: string): unknown {
  const [group, name] = field.split('.');
  if (group === 'shippingAddress') return values.address[name as keyof AddressForm];
  if (group === 'attestations') return values.attestations[name as keyof CheckoutFormValues['attestations']];
  return values[group as keyof CheckoutFormValues];
}

/**
 * The errors of the last submit that still stand: a field's error goes as soon as its value has changed and the
 * form finds nothing wrong with it; one it still finds wrong reads as it is judged now.
 */
export function standingErrors(
  given: FieldErrors,
  submitted: CheckoutFormValues,
  now: CheckoutFormValues,
  rules = DEFAULT_RULES,
): FieldErrors {
  const judged = checkoutFieldErrors(now, rules);
  const standing: FieldErrors = {};
  for (const [field, message] of Object.entries(given)) {
    if (judged[field]) standing[field] = judged[field];
    else if (fieldValue(submitted, field) === fieldValue(now, field)) standing[field] = message;
  }
  return standing;
}

export type PlaceOrderResult =
  | { ok: true; response: CheckoutResponse }
  | { ok: false; errors: FieldErrors; message: string | null; stale: boolean };

/**
 * Sends the order: product and variant ids and quantities only, the server prices it. A refusal comes back as field
 * errors (shown by their fields) and a message; `stale` says the cart no longer matches the store.
 */
export async function placeOrder(
  client: Pick<ApiClient, 'checkout'>,
  lines: readonly CartLine[],
  values: CheckoutFormValues,
  idempotencyKey: string,
  rules = DEFAULT_RULES,
): Promise<PlaceOrderResult> {
  const errors = checkoutFieldErrors(values, rules);
  if (Object.keys(errors).length > 0)
    return { ok: false, errors, message: 'Please correct the highlighted fields', stale: false };
  try {
    const response = await client.checkout({
      lines: lines.map(requestedLine),
      shippingAddress: values.address,
      paymentMethod: values.paymentMethod!,
      ...(values.discountCode ? { discountCode: values.discountCode } : {}),
      ...(values.shippingOptionId ? { shippingOptionId: values.shippingOptionId } : {}),
      attestations: { adult: true, researchUse: true },
      idempotencyKey,
    });
    return { ok: true, response };
  } catch (error) {
    const fields = apiFieldErrors(error);
    const stale =
      error instanceof ApiError && (error.code === 'unavailable' || error.code === 'out-of-stock');
    const message =
      error instanceof ApiError
        ? Object.keys(fields).length > 0
          ? 'Please correct the highlighted fields'
          : error.message
        : 'Your order could not be placed; please try again';
    return { ok: false, errors: fields, message, stale };
  }
}
