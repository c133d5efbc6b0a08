import { toCents } from './money.js';

export type PriceRange = readonly [min: number, max: number];

/** Lowest and highest price of the list; [0, 0] for an empty list. */
export function priceMinMax(items: readonly { price: number }[]): [number, number] {
  if (items.length === 0) return [0, 0];
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const { price } of items) {
    if (price < min) min = price;
    if (price > max) max = price;
  }
  return [min, max];
}

/** Items whose price lies within [min, max], both ends included (compared in cents). */
export function filterByPrice<T extends { price: number }>(items: readonly T[], [min, max]: PriceRange): T[] {
  const low = toCents(Math.min(min, max));
  const high = toCents(Math.max(min, max));
  return items.filter((item) => {
    const cents = toCents(item.price);
    return cents >= low && cents <= high;
  });
}
