import { z } from 'zod';
import { type ShippingAddress, shippingAddressSchema } from './address.js';
import { regionCode, regionProblem } from './address-rules.js';
import { attestationsSchema, type ComplianceRecord } from './compliance.js';
import { BANK_TRANSFER_DAYS, MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from './constants.js';
import { discountCodeSchema, type OrderDiscount } from './discount.js';
import type { Cents } from './money.js';
import type { OrderFilter, OrderStatus } from './order-status.js';
import type { OrderTax } from './tax-rates.js';
import { type Timestamp, timestampFromMillis, timestampToMillis } from './timestamp.js';

export { ORDER_FILTERS, ORDER_STATUSES, type OrderFilter, type OrderStatus } from './order-status.js';

const PAYMENT_PROVIDERS = ['manual', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** A line as ordered: name, variant and unit price are copied from the store at order time. */
export interface OrderLine {
  productId: string;
  /** Orders placed before variants existed read as their product's id (which their variant kept). */
  variantId: string;
  sku: string;
  /** The variant's option values, e.g. `{ Size: "10 mg" }`; lineTitle() names the line with them. */
  options: Record<string, string>;
  name: string;
  imgUrl: string;
  /** What one unit cost, after any quantity tier. */
  unitPriceCents: Cents;
  quantity: number;
  lineTotalCents: Cents;
  /** The quantity tier's percentage off the size's price, when the line reached one. */
  tierPercentOff?: number;
  /** Set when the size shipped cold when ordered; absent otherwise and on orders placed before it was kept. */
  coldPack?: true;
}

interface StatusChange {
  status: OrderStatus;
  at: Timestamp;
  /** What the shopper reads. */
  note: string;
  /** Written by staff for staff (who did it, why); never sent to the shopper. */
  staffNote?: string;
}

export interface Order {
  id: string;
  /** Short code shoppers and staff quote, e.g. HP-7K2M9QXD. */
  number: string;
  uid: string;
  email: string;
  lines: OrderLine[];
  subtotalCents: Cents;
  /** The code's discount; null when none was used. */
  discount: OrderDiscount | null;
  shippingCents: Cents;
  /** The rate chosen; null for orders placed before rates were kept. */
  shipping: { id: string; label: string; amountCents: Cents } | null;
  /** Tax charged (exclusive) or contained in the prices (inclusive, see `tax`); 0 where none is due. */
  taxCents: Cents;
  tax: OrderTax | null;
  /** subtotal − discount + shipping + exclusive tax. */
  totalCents: Cents;
  shippingAddress: ShippingAddress;
  status: OrderStatus;
  statusHistory: StatusChange[];
  tracking: { carrier: string; number: string } | null;
  /** `dueBy`: when an unpaid bank-transfer order is cancelled, set as it is placed; absent on older orders. */
  payment: { provider: PaymentProvider; reference: string | null; dueBy?: Timestamp };
  idempotencyKey: string;
  /** What the shopper attested at checkout; null for orders placed before it was kept. */
  compliance: ComplianceRecord | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

const quantitySchema = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(MIN_LINE_QUANTITY, `Quantity must be at least ${MIN_LINE_QUANTITY}`)
  .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`);

const orderLinesSchema = z
  .array(
    z.strictObject({
      productId: z.string().min(1).max(128),
      /** May be left out for a product sold one way. */
      variantId: z.string().min(1).max(128).optional(),
      quantity: quantitySchema,
    }),
    { error: 'lines must be a list' },
  )
  .min(1, 'The cart is empty')
  .max(100, 'At most 100 different items per order')
  .refine(
    (lines) => new Set(lines.map((l) => `${l.productId}/${l.variantId ?? ''}`)).size === lines.length,
    'Each product size may appear once',
  );
export type RequestedLine = z.output<typeof orderLinesSchema>[number];

const shippingOptionIdSchema = z
  .string({ error: 'shippingOptionId must be text' })
  .trim()
  .min(1, 'Choose a shipping option')
  .max(100, 'shippingOptionId must be at most 100 characters');

/**
 * Where a quote ships: a country, and its region judged as an address's is (a code or a name, kept as the code); a
 * region is not required here, the quote then prices the whole country.
 */
const destinationSchema = z
  .object({
    country: z.string({ error: 'Choose a country' }).trim().toUpperCase(),
    state: z.string().trim().max(60).default(''),
  })
  .superRefine(({ country, state }, ctx) => {
    const problem = state ? regionProblem(country, state) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['state'], message: problem });
  })
  .transform(({ country, state }) => ({ country, state: regionCode(country, state) ?? '' }));

/** Pricing a cart before checkout: ids and quantities, and where it ships (the rest of the address is not judged here). */
export const quoteRequestSchema = z.strictObject({
  lines: orderLinesSchema,
  discountCode: discountCodeSchema.optional(),
  shippingAddress: destinationSchema.optional(),
  shippingOptionId: shippingOptionIdSchema.optional(),
});
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;

/** What a shopper sends to check out: ids and quantities only, never prices. */
export const checkoutRequestSchema = z.strictObject({
  lines: orderLinesSchema,
  shippingAddress: shippingAddressSchema,
  paymentMethod: z.enum(PAYMENT_PROVIDERS, { error: 'Choose a payment method' }),
  discountCode: discountCodeSchema.optional(),
  /** Absent: the cheapest rate for the address. */
  shippingOptionId: shippingOptionIdSchema.optional(),
  attestations: attestationsSchema,
  idempotencyKey: z
    .string({ error: 'idempotencyKey is required' })
    .regex(/^[A-Za-z0-9_-]{16,128}$/, 'idempotencyKey must be 16 to 128 letters, digits, - or _'),
});
export type CheckoutRequestInput = z.input<typeof checkoutRequestSchema>;

function isUnshipped(status: OrderStatus): boolean {
  return status === 'pending_payment' || status === 'paid';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When an order awaiting a bank transfer is cancelled if still unpaid (the hold set as it was placed;
 * orders placed before the hold was a setting had BANK_TRANSFER_DAYS); null for any other order.
 * Card orders need no deadline: theirs is the Stripe Checkout Session's, whose expiry cancels them.
 */
export function paymentDueBy(order: Pick<Order, 'status' | 'payment' | 'createdAt'>): Timestamp | null {
  if (order.status !== 'pending_payment' || order.payment.provider !== 'manual') return null;
  return (
    order.payment.dueBy ??
    timestampFromMillis(timestampToMillis(order.createdAt) + BANK_TRANSFER_DAYS * DAY_MS)
  );
}

export function isPaymentOverdue(
  order: Pick<Order, 'status' | 'payment' | 'createdAt'>,
  nowMs: number,
): boolean {
  const due = paymentDueBy(order);
  return due !== null && timestampToMillis(due) <= nowMs;
}

export function matchesFilter(status: OrderStatus, filter: OrderFilter): boolean {
  return filter === 'all' || (filter === 'unshipped' ? isUnshipped(status) : status === filter);
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
};

export const trackingSchema = z.strictObject({
  carrier: z.string().trim().max(40, 'Carrier must be at most 40 characters').default(''),
  number: z
    .string({ error: 'Tracking number is required' })
    .trim()
    .min(1, { error: 'Tracking number is required', abort: true })
    .min(3, 'Tracking number must be at least 3 characters')
    .max(64, 'Tracking number must be at most 64 characters'),
});
export type TrackingInput = z.input<typeof trackingSchema>;

/** One cart line priced by the store before checkout. */
/** ok, unavailable (withdrawn or gone) or short (fewer in stock than asked). */
export type QuoteLineStatus = 'ok' | 'unavailable' | 'short';

export interface QuoteLine {
  productId: string;
  /** The variant priced; the one asked for, or the only one when none was named ('' when unknown). */
  variantId: string;
  sku: string;
  options: Record<string, string>;
  name: string;
  imgUrl: string;
  /** After any quantity tier. */
  unitPriceCents: number;
  /** When a quantity tier lowered the price: the size's own price, and the tier's percentage off. */
  listUnitPriceCents?: number;
  tierPercentOff?: number;
  quantity: number;
  lineTotalCents: number;
  status: QuoteLineStatus;
  /** Units on hand when stock is tracked, else null. */
  inStock: number | null;
}
