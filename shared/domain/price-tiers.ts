import { type Cents, percentOfCents } from './money.js';

/** A quantity break: buying `minQuantity` or more of one size costs `percentOff` less per unit. */
export interface PriceTier {
  minQuantity: number;
  percentOff: number;
}

/** The tier a quantity reaches (the one with the highest minimum it meets), or null. */
export function tierFor(tiers: readonly PriceTier[] | undefined, quantity: number): PriceTier | null {
  let best: PriceTier | null = null;
  for (const tier of tiers ?? [])
    if (quantity >= tier.minQuantity && (best === null || tier.minQuantity > best.minQuantity)) best = tier;
  return best;
}

/** One unit's price at this quantity: the tier's percentage off, rounded half up, per unit. */
export function tierUnitCents(
  priceCents: Cents,
  tiers: readonly PriceTier[] | undefined,
  quantity: number,
): Cents {
  const tier = tierFor(tiers, quantity);
  return tier ? priceCents - percentOfCents(priceCents, tier.percentOff) : priceCents;
}

/** Tiers in the order a shopper reads them: smallest quantity first. */
export function sortedTiers(tiers: readonly PriceTier[] | undefined): PriceTier[] {
  return [...(tiers ?? [])].sort((a, b) => a.minQuantity - b.minQuantity);
}
