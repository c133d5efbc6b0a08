import { type Cents, formatCents, percentOfCents } from './money.js';

/** No tier brings a unit below a cent: a size is never given away by rounding. */
const LOWEST_TIER_UNIT_CENTS = 1;

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

/** A unit's price with `percentOff` taken off, rounded half up, before the one-cent floor. */
const discountedCents = (priceCents: Cents, percentOff: number): Cents =>
  priceCents - percentOfCents(priceCents, percentOff);

/**
 * One unit's price at this quantity: the tier's percentage off, rounded half up, per unit, and never
 * under a cent (tiers that would go lower are refused when saved; this holds for any stored before).
 */
export function tierUnitCents(
  priceCents: Cents,
  tiers: readonly PriceTier[] | undefined,
  quantity: number,
): Cents {
  const tier = tierFor(tiers, quantity);
  if (!tier) return priceCents;
  return Math.max(LOWEST_TIER_UNIT_CENTS, discountedCents(priceCents, tier.percentOff));
}

/** Why a tier cannot be saved on a size at this price, or null when it can. */
export function tierPriceIssue(priceCents: Cents, tier: Pick<PriceTier, 'percentOff'>): string | null {
  const unit = discountedCents(priceCents, tier.percentOff);
  if (unit >= LOWEST_TIER_UNIT_CENTS) return null;
  return `${tier.percentOff}% off ${formatCents(priceCents)} leaves ${formatCents(unit)} a unit: a tier must leave at least ${formatCents(LOWEST_TIER_UNIT_CENTS)}`;
}

/** Tiers in the order a shopper reads them: smallest quantity first. */
export function sortedTiers(tiers: readonly PriceTier[] | undefined): PriceTier[] {
  return [...(tiers ?? [])].sort((a, b) => a.minQuantity - b.minQuantity);
}
