import { z } from 'zod';
import { PRODUCT_MAX_PRICE } from './constants.js';
import { type Cents, formatCents, hasAtMostTwoDecimals, percentOfCents, toCents } from './money.js';

const DISCOUNT_TYPES = ['percent', 'amount'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** The commission an affiliate earns when a code is made without naming one. */
const DEFAULT_COMMISSION_PERCENT = 10;

/** Codes are compared in capitals: `save10` and `SAVE10` are one code. */
export const discountCodeSchema = z
  .string({ error: 'Enter a discount code' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_-]{2,31}$/, 'A discount code is 3 to 32 letters, digits, - or _');

const isoInstant = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time such as 2026-12-01T00:00:00Z` });

const percentSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(100, `${label} must be at most 100`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimal places`);

const dollars = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(PRODUCT_MAX_PRICE, `${label} must be at most ${PRODUCT_MAX_PRICE}`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimal places`);

/** A new discount code as staff, the CLI or CI send it (POST /api/admin/discounts). */
export const newDiscountSchema = z
  .strictObject({
    code: discountCodeSchema,
    type: z.enum(DISCOUNT_TYPES, { error: 'type must be percent or amount' }),
    /** Percent off (0.01–100) or dollars off. */
    value: z.number({ error: 'value must be a number' }).gt(0, 'value must be greater than 0'),
    productIds: z
      .array(z.string().min(1).max(128), { error: 'productIds must be a list' })
      .max(500)
      .default([]),
    categories: z
      .array(z.string().trim().min(1).max(60), { error: 'categories must be a list' })
      .max(100)
      .default([]),
    startsAt: isoInstant('startsAt').nullable().default(null),
    endsAt: isoInstant('endsAt').nullable().default(null),
    minSubtotal: dollars('minSubtotal').nullable().default(null),
    usageLimit: z
      .number({ error: 'usageLimit must be a number' })
      .int('usageLimit must be a whole number')
      .min(1, 'usageLimit must be at least 1')
      .nullable()
      .default(null),
    oncePerCustomer: z.boolean({ error: 'oncePerCustomer must be true or false' }).default(false),
    affiliate: z
      .string()
      .trim()
      .min(1)
      .max(80, 'affiliate must be at most 80 characters')
      .nullable()
      .default(null),
    commissionPercent: percentSchema('commissionPercent').optional(),
  })
  .superRefine((d, ctx) => {
    const problem = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (d.type === 'percent' && d.value > 100) problem('value', 'A percentage off must be at most 100');
    if (d.type === 'amount' && d.value > PRODUCT_MAX_PRICE)
      problem('value', `An amount off must be at most ${PRODUCT_MAX_PRICE}`);
    if (!hasAtMostTwoDecimals(d.value)) problem('value', 'value can have at most 2 decimal places');
    if (d.startsAt && d.endsAt && Date.parse(d.endsAt) <= Date.parse(d.startsAt))
      problem('endsAt', 'endsAt must be after startsAt');
    if (d.commissionPercent !== undefined && d.affiliate === null)
      problem('commissionPercent', 'A commission needs an affiliate');
  })
  .transform(({ commissionPercent, ...d }) => ({
    ...d,
    commissionPercent: d.affiliate === null ? 0 : (commissionPercent ?? DEFAULT_COMMISSION_PERCENT),
  }));
export type NewDiscount = z.output<typeof newDiscountSchema>;
export type NewDiscountInput = z.input<typeof newDiscountSchema>;

/** A discount code as the store keeps it: what staff set, whether it is on, and how often it was used. */
export interface Discount extends NewDiscount {
  active: boolean;
  /** Orders placed with it; an unpaid order cancelled gives its use back, a paid one cancelled keeps it. */
  uses: number;
  createdAt: string;
}

/** What a placed order keeps of its code. */
export interface OrderDiscount {
  code: string;
  amountCents: Cents;
  affiliate: string | null;
  commissionPercent: number;
}

/** What the cart holds that a code may apply to. */
interface DiscountableLine {
  productId: string;
  category: string;
  lineTotalCents: Cents;
}

/** The lines a code takes money off: all of them, or those of its products or categories. */
function eligibleCents(discount: Discount, lines: readonly DiscountableLine[]): Cents {
  const limited = discount.productIds.length > 0 || discount.categories.length > 0;
  const categories = new Set(discount.categories.map((c) => c.toLowerCase()));
  return lines
    .filter(
      (l) =>
        !limited || discount.productIds.includes(l.productId) || categories.has(l.category.toLowerCase()),
    )
    .reduce((sum, l) => sum + l.lineTotalCents, 0);
}

export interface DiscountContext {
  nowMs: number;
  lines: readonly DiscountableLine[];
  /** True when the shopper (their account or their e-mail, customerEmailKey) has an order with this code not given back (unknown shoppers: false). */
  usedByShopper: boolean;
}

/** Where a code stands now, whatever the cart: staff see it by name; shoppers only learn it cannot be used. */
type DiscountState = 'usable' | 'inactive' | 'scheduled' | 'expired' | 'used-up';

export const DISCOUNT_STATE_LABELS: Record<DiscountState, string> = {
  usable: 'Usable',
  inactive: 'Switched off',
  scheduled: 'Not started yet',
  expired: 'Expired',
  'used-up': 'Used up',
};

/** A code as staff see it: with its state now. */
export type DiscountForStaff = Discount & { state: DiscountState };

export const forStaff = (discount: Discount, nowMs: number): DiscountForStaff => ({
  ...discount,
  state: discountState(discount, nowMs),
});

function discountState(discount: Discount, nowMs: number): DiscountState {
  if (!discount.active) return 'inactive';
  if (discount.startsAt && Date.parse(discount.startsAt) > nowMs) return 'scheduled';
  if (discount.endsAt && Date.parse(discount.endsAt) <= nowMs) return 'expired';
  if (discount.usageLimit !== null && discount.uses >= discount.usageLimit) return 'used-up';
  return 'usable';
}

/**
 * The one refusal a shopper reads for a code the shop does not have or that cannot be used by anyone
 * now (switched off, not started, expired, used up): telling these apart would tell a guesser which
 * codes exist. Staff see the state itself (discountState).
 */
export const CODE_REFUSAL = "This code can't be used";

/**
 * How much a code takes off these lines now, or why it does not apply (the message a shopper reads).
 * A percentage is of the lines it applies to, rounded half up; an amount is never more than they cost.
 * Once the code is usable at all, its own conditions are named: the shopper can meet them.
 */
export function applyDiscount(
  discount: Discount,
  { nowMs, lines, usedByShopper }: DiscountContext,
): { amountCents: Cents } | { refusal: string } {
  const subtotal = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const eligible = eligibleCents(discount, lines);
  if (discountState(discount, nowMs) !== 'usable') return { refusal: CODE_REFUSAL };
  if (discount.oncePerCustomer && usedByShopper)
    return { refusal: `You have already used discount code ${discount.code}` };
  if (discount.minSubtotal !== null && subtotal < toCents(discount.minSubtotal))
    return {
      refusal: `Discount code ${discount.code} needs a subtotal of ${formatCents(toCents(discount.minSubtotal))} or more`,
    };
  if (eligible === 0) return { refusal: `Discount code ${discount.code} is not for the items in your cart` };
  const amountCents =
    discount.type === 'percent'
      ? percentOfCents(eligible, discount.value)
      : Math.min(toCents(discount.value), eligible);
  return { amountCents };
}
