import { type Cents, formatCents } from './money.js';
import type { Order } from './order.js';

export interface TotalLine {
  /** What the row is, for pages that style or find rows: subtotal, discount, shipping, tax or total. */
  kind: 'subtotal' | 'discount' | 'shipping' | 'tax' | 'total';
  label: string;
  /** Negative for the discount. An inclusive tax is shown but is not added to the total. */
  cents: Cents;
}

type OrderMoney = Pick<
  Order,
  'subtotalCents' | 'discount' | 'shipping' | 'shippingCents' | 'tax' | 'taxCents' | 'totalCents'
>;

/**
 * The rows under an order's lines, the one wording e-mails, staff's order page and `shop orders show`
 * share. Staff also read whose affiliate code it was and the commission it earns.
 */
export function orderTotalLines(order: OrderMoney, reader: 'shopper' | 'staff'): TotalLine[] {
  const { discount, shipping, tax } = order;
  const rows: TotalLine[] = [{ kind: 'subtotal', label: 'Subtotal', cents: order.subtotalCents }];
  if (discount) {
    const affiliate =
      reader === 'staff' && discount.affiliate
        ? ` (affiliate ${discount.affiliate}, ${discount.commissionPercent}% commission)`
        : '';
    rows.push({
      kind: 'discount',
      label: `Discount ${discount.code}${affiliate}`,
      cents: -discount.amountCents,
    });
  }
  rows.push({
    kind: 'shipping',
    label: shipping ? `Shipping — ${shipping.label}` : 'Shipping',
    cents: order.shippingCents,
  });
  if (tax)
    rows.push({
      kind: 'tax',
      label: `${tax.label} ${tax.ratePercent}%, ${tax.inclusive ? 'included in the prices' : 'added'}`,
      cents: order.taxCents,
    });
  rows.push({ kind: 'total', label: 'Total', cents: order.totalCents });
  return rows;
}

/** `−$53.99` for the discount, `$15.00` otherwise. */
export const formatTotalLine = (row: TotalLine) =>
  row.cents < 0 ? `−${formatCents(-row.cents)}` : formatCents(row.cents);
