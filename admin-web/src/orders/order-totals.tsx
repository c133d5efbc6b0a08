import { formatCents } from '../../../shared/domain/money.js';
import type { Order } from '../../../shared/domain/order.js';

/** "VAT 20%, included" or "Sales tax 8.25%, added". */
const taxLineText = (tax: NonNullable<Order['tax']>) =>
  `${tax.label} ${tax.ratePercent}%, ${tax.inclusive ? 'included' : 'added'}`;

const Row = ({ label, amount, name }: { label: string; amount: string; name: string }) => (
  <div className="flex justify-between gap-4" data-total={name}>
    <dt>{label}</dt>
    <dd className="whitespace-nowrap tabular-nums">{amount}</dd>
  </div>
);

/** How the order's total was made: subtotal, the code's discount, the rate chosen, the tax, the total. */
export function OrderTotals({ order }: { order: Order }) {
  const { discount, shipping, tax } = order;
  return (
    <dl aria-label="Totals" className="mt-2 max-w-sm text-sm">
      <Row name="subtotal" label="Subtotal" amount={formatCents(order.subtotalCents)} />
      {discount && (
        <Row
          name="discount"
          label={`Discount ${discount.code}${discount.affiliate ? ` (affiliate ${discount.affiliate}, ${discount.commissionPercent}% commission)` : ''}`}
          amount={`−${formatCents(discount.amountCents)}`}
        />
      )}
      <Row
        name="shipping"
        label={shipping ? `Shipping: ${shipping.label}` : 'Shipping'}
        amount={formatCents(order.shippingCents)}
      />
      {tax && (
        <Row
          name="tax"
          label={tax.inclusive ? `${taxLineText(tax)} (in the prices)` : taxLineText(tax)}
          amount={formatCents(order.taxCents)}
        />
      )}
      <div className="flex justify-between gap-4 font-semibold" data-total="total">
        <dt>Total</dt>
        <dd className="whitespace-nowrap tabular-nums">{formatCents(order.totalCents)}</dd>
      </div>
    </dl>
  );
}
