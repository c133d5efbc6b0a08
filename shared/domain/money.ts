/** Money is handled in integer cents; `price` numbers are dollars with at most 2 decimals. */

export type Cents = number;

export function toCents(price: number): Cents {
  if (!Number.isFinite(price)) throw new RangeError(`Not a finite price: ${price}`);
  // toFixed first so decimal intent wins over binary noise: 1.005 * 100 is 100.49999…
  return Math.round(Number((price * 100).toFixed(6)));
}

/** Cents back to the stored dollar number: `1250` → `12.5`. */
export function fromCents(cents: Cents): number {
  return cents / 100;
}

/** True when the number has no more than two decimal places (tolerating binary float noise). */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `123450` → `$1,234.50`. */
export function formatCents(cents: Cents): string {
  return usd.format(cents / 100);
}

/** `1234.5` → `$1,234.50`. */
export function formatPrice(price: number): string {
  return formatCents(toCents(price));
}

/** A line's total from its unit price in cents. */
export function lineCents(unitCents: Cents, quantity: number): Cents {
  return unitCents * quantity;
}

/**
 * The shop's one rounding rule: a share of an amount in cents is rounded half up (0.5 cent and above
 * goes up), in integers, so no float ever touches a total. Tier prices, percentage codes, commission
 * and tax all round here, once per amount.
 */
export function shareOfCents(cents: Cents, numerator: number, denominator: number): Cents {
  if (!Number.isSafeInteger(cents) || cents < 0)
    throw new RangeError(`Not a whole amount of cents: ${cents}`);
  return Math.floor((cents * numerator * 2 + denominator) / (denominator * 2));
}

/** A percentage with at most 2 decimals as basis points: `12.5` → `1250`. */
export function basisPoints(percent: number): number {
  return Math.round(Number((percent * 100).toFixed(6)));
}

/** `percent`% of an amount in cents, rounded half up. */
export function percentOfCents(cents: Cents, percent: number): Cents {
  return shareOfCents(cents, basisPoints(percent), 10_000);
}
