import type { Order } from '../../../shared/domain/order.js';
import { paymentDueBy } from '../../../shared/domain/order.js';
import { formatDateTime } from '../../../shared/web/dates.js';
import { OrderTotals } from './order-totals.js';

/** What an order cost and how it is paid: full admins' part of the order (fulfilment staff never get it). */
export function OrderPayment({ order }: { order: Order }) {
  const dueBy = paymentDueBy(order);
  return (
    <>
      <OrderTotals order={order} />
      <p className="mt-2 text-sm">
        Payment: {order.payment.provider === 'stripe' ? 'Card (Stripe)' : 'Bank transfer'}
        {order.payment.reference ? `, reference ${order.payment.reference}` : ''}
      </p>
      {dueBy && (
        <p className="mt-1 text-sm">Cancelled automatically if still unpaid on {formatDateTime(dueBy)}</p>
      )}
    </>
  );
}
