import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './constants.js';
import { ConflictError, ValidationError } from './errors.js';
import { lineTitle } from './variant.js';

/**
 * What keeps unpaid orders from hoarding stock and codes: how long an unpaid bank-transfer order
 * holds its items, how many unpaid orders one account may hold at once, and how many units of one
 * size one unpaid order may take. Staff change them, with the checkout rate limits (CheckoutLimits).
 */
export interface UnpaidOrderLimits {
  /** Hours an unpaid bank-transfer order holds its stock before the sweep cancels it. */
  holdHours: number;
  /** Unpaid orders (awaiting a bank transfer or a card payment) one account may have at once. */
  maxPerAccount: number;
  /** Units of one size one unpaid order may take. */
  maxUnitsPerSize: number;
}

/** The unpaid-order limits and how many checkouts one account and one client address may start in ten minutes. */
export interface CheckoutLimits extends UnpaidOrderLimits {
  checkoutsPerAccount: number;
  /** Several shoppers may share an address (an office, a mobile carrier): more than one account's worth. */
  checkoutsPerAddress: number;
}

export const DEFAULT_CHECKOUT_LIMITS: CheckoutLimits = {
  holdHours: 48,
  maxPerAccount: 3,
  maxUnitsPerSize: 20,
  checkoutsPerAccount: 10,
  checkoutsPerAddress: 30,
};

/** The window checkoutsPerAccount and checkoutsPerAddress count in. */
export const CHECKOUT_WINDOW_MS = 10 * 60_000;

const MAX_HOLD_HOURS = 30 * 24;
const MAX_UNPAID_PER_ACCOUNT = 10_000;
const MAX_CHECKOUTS_PER_WINDOW = 10_000;

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

/** `PATCH /api/admin/settings/checkout-limits` and `shop settings limits`: the limits to change. */
export const checkoutLimitsPatchSchema = z.strictObject({
  holdHours: wholeNumber('holdHours', 1, MAX_HOLD_HOURS).optional(),
  maxPerAccount: wholeNumber('maxPerAccount', 1, MAX_UNPAID_PER_ACCOUNT).optional(),
  maxUnitsPerSize: wholeNumber('maxUnitsPerSize', 1, MAX_LINE_QUANTITY).optional(),
  checkoutsPerAccount: wholeNumber('checkoutsPerAccount', 1, MAX_CHECKOUTS_PER_WINDOW).optional(),
  checkoutsPerAddress: wholeNumber('checkoutsPerAddress', 1, MAX_CHECKOUTS_PER_WINDOW).optional(),
});
export type CheckoutLimitsPatch = z.output<typeof checkoutLimitsPatchSchema>;

/** The limits as stored: every field present, a stored value no longer valid read as its default. */
export function checkoutLimitsFrom(stored: unknown): CheckoutLimits {
  const fields = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const limits = { ...DEFAULT_CHECKOUT_LIMITS };
  for (const name of Object.keys(limits) as (keyof CheckoutLimits)[]) {
    const parsed = checkoutLimitsPatchSchema.shape[name].safeParse(fields[name]);
    if (parsed.success && parsed.data !== undefined) limits[name] = parsed.data;
  }
  return limits;
}

const HOUR_MS = 60 * 60 * 1000;

export const holdMs = (limits: Pick<UnpaidOrderLimits, 'holdHours'>): number => limits.holdHours * HOUR_MS;

/** Refuses a checkout that would give the account more unpaid orders than it may hold. */
export function refuseTooManyUnpaid(held: number, limits: UnpaidOrderLimits): void {
  if (held < limits.maxPerAccount) return;
  throw new ConflictError(
    'conflict',
    `You already have ${held} unpaid ${held === 1 ? 'order' : 'orders'}, the most one account may hold. Pay for or cancel one of them before placing another.`,
    { unpaid: held, maxPerAccount: limits.maxPerAccount },
  );
}

/**
 * Refuses lines taking more units of one size than an unpaid order may, naming each (two lines
 * naming one size count together, as stock does).
 */
export function refuseOversizedLines(
  lines: readonly { variantId: string; name: string; options: Record<string, string>; quantity: number }[],
  limits: UnpaidOrderLimits,
): void {
  const units = new Map<string, number>();
  for (const l of lines) units.set(l.variantId, (units.get(l.variantId) ?? 0) + l.quantity);
  const issues = lines.flatMap((l, i) => {
    const wanted = units.get(l.variantId)!;
    if (wanted <= limits.maxUnitsPerSize) return [];
    units.delete(l.variantId);
    return [
      {
        field: `lines.${i}.quantity`,
        message: `${lineTitle(l.name, l.options)}: at most ${limits.maxUnitsPerSize} per order awaiting payment (you asked for ${wanted})`,
      },
    ];
  });
  if (issues.length > 0) throw new ValidationError(issues);
}
