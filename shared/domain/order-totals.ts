import { type Cents, formatCents } from './money.js';
import type { Order } from './order.js';

export interface TotalLine {
  label: string;
  /** Negative for the discount; an inclusive tax is shown but not added (`included`). */
  cents: Cents;
  included?: boolean;
}

/** The rows under an order's lines, the one wording e-mails, the CLI and staff's pages share. */
export function orderTotalLines(
  order: Pick<
    Order,
    'subtotalCents' | 'discount' | 'shipping' | 'shippingCents' | 'tax' | 'taxCents' | 'totalCents'
  >,
): TotalLine[] {
  const rows: TotalLine[] = [{ label: 'Subtotal', cents: order.subtotalCents }];
  if (order.discount)
    rows.push({ label: `Discount (${order.discount.code})`, cents: -order.discount.amountCents });
  rows.push({
    label: order.shipping ? `Shipping (${order.shipping.label})` : 'Shipping',
    cents: order.shippingCents,
  });
  if (order.tax)
    rows.push({
      label: `${order.tax.inclusive ? 'Includes ' : ''}${order.tax.label} (${order.tax.ratePercent}%)`,
      cents: order.taxCents,
      ...(order.tax.inclusive ? { included: true } : {}),
    });
  rows.push({ label: 'Total', cents: order.totalCents });
  return rows;
}

/** `-$53.99` for a discount, `$15.00` otherwise. */
export const formatTotalLine = (row: TotalLine) =>
  row.cents < 0 ? `-${formatCents(-row.cents)}` : formatCents(row.cents);
