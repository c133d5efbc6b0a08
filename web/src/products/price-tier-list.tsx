import { formatCents, toCents } from '../../../shared/domain/money.js';
import { type PriceTier, sortedTiers, tierUnitCents } from '../../../shared/domain/price-tiers.js';

/** "Buy 10 or more: 10% off — $40.50 each", the unit price by the same rule the server charges. */
function tierText(price: number, tier: PriceTier): string {
  const each = tierUnitCents(toCents(price), [tier], tier.minQuantity);
  return `Buy ${tier.minQuantity} or more: ${tier.percentOff}% off — ${formatCents(each)} each`;
}

/** A size's quantity breaks, smallest quantity first; nothing when it has none. */
export function PriceTierList({ price, tiers }: { price: number; tiers: readonly PriceTier[] | undefined }) {
  const sorted = sortedTiers(tiers);
  if (sorted.length === 0) return null;
  return (
    <ul
      aria-label="Bulk prices"
      className="flex flex-col gap-1 text-sm text-slate-700"
      data-testid="price-tiers"
    >
      {sorted.map((tier) => (
        <li key={tier.minQuantity}>{tierText(price, tier)}</li>
      ))}
    </ul>
  );
}
