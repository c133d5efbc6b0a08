import type { OrderDiscount } from '../shared/domain/discount.js';
import { formatCents } from '../shared/domain/money.js';
import type { Order } from '../shared/domain/order.js';

/** `LAB15 −$15.00 (affiliate Lab Co, 12.5% commission)`. */
const discountText = (d: OrderDiscount) =>
  `${d.code} −${formatCents(d.amountCents)}${d.affiliate ? ` (affiliate ${d.affiliate}, ${d.commissionPercent}% commission)` : ''}`;

/** An order's money below its lines: subtotal, the code, shipping, tax and total, each on its own line. */
export function orderTotalsLines(o: Order): string[] {
  const { discount, shipping, tax } = o;
  return [
    `  Subtotal ${formatCents(o.subtotalCents)}`,
    ...(discount ? [`  Discount ${discountText(discount)}`] : []),
    `  Shipping ${shipping ? `(${shipping.label}) ` : ''}${formatCents(o.shippingCents)}`,
    ...(tax
      ? [
          `  Tax (${tax.label}, ${tax.ratePercent}%, ${tax.inclusive ? 'included in the prices' : 'added'}) ${formatCents(tax.amountCents)}`,
        ]
      : []),
    `  Total ${formatCents(o.totalCents)}`,
  ];
}
