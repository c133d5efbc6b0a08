import { formatCents } from '../../../shared/domain/money.js';

/** Subtotal, shipping and total rows, shared by the order pages and the checkout summary. */
export function OrderTotals({
  subtotalCents,
  shippingCents,
  totalCents,
}: {
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
}) {
  return (
    <dl className="grid grid-cols-[1fr_max-content] gap-y-1 text-slate-700">
      <dt>Subtotal</dt>
      <dd className="text-right">{formatCents(subtotalCents)}</dd>
      <dt>Shipping</dt>
      <dd className="text-right">{shippingCents === 0 ? 'Free' : formatCents(shippingCents)}</dd>
      <dt className="border-t border-slate-200 pt-2 text-lg font-semibold text-slate-900">Total</dt>
      <dd
        className="border-t border-slate-200 pt-2 text-right text-lg font-semibold text-slate-900"
        data-testid="order-total"
      >
        {formatCents(totalCents)}
      </dd>
    </dl>
  );
}
