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

export function lineTotalCents(price: number, quantity: number): Cents {
  return lineCents(toCents(price), quantity);
}
