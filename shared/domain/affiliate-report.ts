import type { OrderDiscount } from './discount.js';
import { type Cents, percentOfCents } from './money.js';

/** One affiliate's paid orders in a period: how many, what they bought, and what the affiliate earned. */
export interface AffiliateSales {
  affiliate: string;
  /** The codes the orders used. */
  codes: string[];
  orders: number;
  /** Goods after the code's discount (shipping and tax are not the affiliate's). */
  revenueCents: Cents;
  /** Each order's commission on its revenue, rounded half up, summed. */
  commissionCents: Cents;
}

/** What a report reads of an order. */
export interface AffiliateOrder {
  subtotalCents: Cents;
  discount: OrderDiscount;
}

/**
 * Totals per affiliate of paid or shipped orders (the store passes only those: a cancelled order, paid
 * or not, is left out, so its commission is reversed), by revenue, largest first.
 */
export function affiliateSalesOf(orders: Iterable<AffiliateOrder>): AffiliateSales[] {
  const byAffiliate = new Map<string, AffiliateSales & { codeSet: Set<string> }>();
  for (const { subtotalCents, discount } of orders) {
    if (!discount.affiliate) continue;
    const row = byAffiliate.get(discount.affiliate) ?? {
      affiliate: discount.affiliate,
      codes: [],
      codeSet: new Set<string>(),
      orders: 0,
      revenueCents: 0,
      commissionCents: 0,
    };
    const revenue = subtotalCents - discount.amountCents;
    row.codeSet.add(discount.code);
    row.orders++;
    row.revenueCents += revenue;
    row.commissionCents += percentOfCents(revenue, discount.commissionPercent);
    byAffiliate.set(discount.affiliate, row);
  }
  return [...byAffiliate.values()]
    .map(({ codeSet, ...row }) => ({ ...row, codes: [...codeSet].sort() }))
    .sort((a, b) => b.revenueCents - a.revenueCents || a.affiliate.localeCompare(b.affiliate));
}
