import { applyDiscount, CODE_REFUSAL, type Discount, type OrderDiscount } from './discount.js';
import { type FieldIssue, ValidationError } from './errors.js';
import type { Cents } from './money.js';
import {
  noRateMessage,
  type ShippingConfig,
  type ShippingOption,
  shippingOptionsFor,
  zoneFor,
} from './shipping-rates.js';
import { type OrderTax, type TaxConfig, taxOn, taxRateFor } from './tax-rates.js';

/**
 * A priced line as the totals need it.
 * @internal
 */
export interface PricedLineFacts {
  productId: string;
  category: string;
  lineTotalCents: Cents;
  quantity: number;
  weightGrams: number;
  coldPack: boolean;
}

export interface CheckoutPricingInput {
  lines: readonly PricedLineFacts[];
  /** The code asked for, as typed (absent: none); `discount` is what the store holds under it, or null. */
  discountCode?: string;
  discount: Discount | null;
  usedByShopper: boolean;
  shipping: ShippingConfig;
  tax: TaxConfig;
  /** Where it ships; absent on a quote before the shopper has said: no shipping is chosen nor charged, no tax. */
  destination?: { country: string; region: string };
  shippingOptionId?: string;
  nowMs: number;
}

/** The totals of a quote and of an order, every amount in cents. */
export interface CheckoutTotals {
  subtotalCents: Cents;
  discount: OrderDiscount | null;
  shippingOptions: ShippingOption[];
  /** The rate chosen (the cheapest unless the shopper chose), or null when nothing ships. */
  shipping: ShippingOption | null;
  shippingCents: Cents;
  taxCents: Cents;
  tax: OrderTax | null;
  totalCents: Cents;
}

function refuse(field: string, message: string): never {
  throw new ValidationError([{ field, message } satisfies FieldIssue]);
}

function discountOf(input: CheckoutPricingInput): OrderDiscount | null {
  if (input.discountCode === undefined) return null;
  if (!input.discount) refuse('discountCode', CODE_REFUSAL);
  const applied = applyDiscount(input.discount, {
    nowMs: input.nowMs,
    lines: input.lines,
    usedByShopper: input.usedByShopper,
  });
  if ('refusal' in applied) refuse('discountCode', applied.refusal);
  const { code, affiliate, commissionPercent } = input.discount;
  return { code, amountCents: applied.amountCents, affiliate, commissionPercent };
}

function shippingOf(input: CheckoutPricingInput, discountedCents: Cents) {
  const { destination } = input;
  if (input.lines.length === 0 || !destination) return { options: [], chosen: null };
  const options = shippingOptionsFor(input.shipping, {
    ...destination,
    weightGrams: input.lines.reduce((sum, l) => sum + l.weightGrams * l.quantity, 0),
    subtotalCents: discountedCents,
    coldPack: input.lines.some((l) => l.coldPack),
  });
  if (options === null || options.length === 0) {
    const zoneFound = zoneFor(input.shipping, destination.country, destination.region) !== null;
    refuse('shippingAddress.country', noRateMessage(destination.country, zoneFound));
  }
  const offered = options;
  if (input.shippingOptionId === undefined) return { options: offered, chosen: offered[0] ?? null };
  const chosen = offered.find((o) => o.id === input.shippingOptionId);
  if (!chosen) refuse('shippingOptionId', 'Choose one of the shipping options offered for this address');
  return { options: offered, chosen };
}

/**
 * Prices a cart's lines into an order's totals, the one place it is done (quote and checkout, both adapters):
 * subtotal, then the code's discount, then shipping on the discounted subtotal, then tax on goods after
 * discount plus shipping. Every amount is integer cents; each share is rounded half up once (money.ts).
 * total = subtotal − discount + shipping + tax (tax only where it is not already in the prices).
 */
export function priceCheckout(input: CheckoutPricingInput): CheckoutTotals {
  const subtotalCents = input.lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const discount = discountOf(input);
  const discountedCents = subtotalCents - (discount?.amountCents ?? 0);
  const { options, chosen } = shippingOf(input, discountedCents);
  const shippingCents = chosen?.amountCents ?? 0;
  const rate = input.destination
    ? taxRateFor(input.tax, input.destination.country, input.destination.region)
    : null;
  const tax = input.lines.length === 0 ? null : taxOn(rate, discountedCents + shippingCents);
  const taxCents = tax?.amountCents ?? 0;
  return {
    subtotalCents,
    discount,
    shippingOptions: options,
    shipping: chosen,
    shippingCents,
    taxCents,
    tax,
    totalCents: discountedCents + shippingCents + (tax && !tax.inclusive ? taxCents : 0),
  };
}
