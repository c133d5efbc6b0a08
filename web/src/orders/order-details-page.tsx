import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { OrderResponse } from '../../../shared/api/client.js';
import { ApiError } from '../../../shared/api/errors.js';
import type { Order } from '../../../shared/domain/order.js';
import { type OrderEvent, wouldMove } from '../../../shared/domain/order-transitions.js';
import type { PaymentStart } from '../../../shared/domain/payment.js';
import { PAID_ORDER_CANCELLATION } from '../../../shared/domain/shop-policies.js';
import { formatDateTime } from '../../../shared/web/dates.js';
import { Spinner } from '../../../shared/web/spinner.js';
import { RequireSignIn } from '../auth/require-sign-in.js';
import { FormMessage } from '../forms/form-controls.js';
import { NotFound } from '../layout/not-found.js';
import { usePageTitle } from '../layout/use-page-title.js';
import { BankTransferDetails } from './bank-transfer-details.js';
import { CancelOrderButton } from './cancel-order-button.js';
import { AddressBlock, StatusBadge } from './order-format.js';
import { OrderLineList } from './order-line-row.js';
import { OrderTotals } from './order-totals.js';
import { PayNowButton } from './pay-now-button.js';
import { useOrder } from './use-orders.js';

const SHOPPER_CANCEL: OrderEvent = { type: 'cancel', by: 'shopper' };

export function OrderDetailsPage() {
  usePageTitle('Order details');
  return (
    <RequireSignIn>
      <OrderDetails />
    </RequireSignIn>
  );
}

export function OrderNotFound() {
  return <NotFound title="Order not found" detail="There is no order with this number in your account." />;
}

function OrderDetails() {
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  const { data, error, mutate } = useOrder(orderId);
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <OrderNotFound />;
  if (error) return <FormMessage kind="error">This order could not be loaded; please try again.</FormMessage>;
  if (!data) return <Spinner />;
  return (
    <OrderView
      order={data.order}
      payment={data.payment}
      paymentCancelled={params.get('payment') === 'cancelled'}
      onCancelled={(response) => void mutate(response, { revalidate: false })}
    />
  );
}

export function OrderView({
  order,
  payment,
  paymentCancelled,
  onCancelled,
}: {
  order: Order;
  payment: PaymentStart | null;
  paymentCancelled: boolean;
  onCancelled(response: OrderResponse): void;
}) {
  const awaitingCard = order.status === 'pending_payment' && order.payment.provider === 'stripe';
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Link to="/orders" className="text-sm text-teal-800 hover:underline">
            ← Your orders
          </Link>
          <h1 className="text-3xl font-semibold text-slate-900">
            Order <span className="whitespace-nowrap">{order.number}</span>
          </h1>
          <p className="text-slate-600">Placed {formatDateTime(order.createdAt)}</p>
        </div>
        <StatusBadge status={order.status} />
      </div>

      {paymentCancelled && awaitingCard && (
        <FormMessage kind="notice">
          The card payment was cancelled. Your order is kept; you can pay now.
        </FormMessage>
      )}
      {payment?.kind === 'bank-transfer' && <BankTransferDetails instructions={payment.instructions} />}
      {awaitingCard && <PayNowButton orderId={order.id} />}
      {wouldMove(order, SHOPPER_CANCEL) && <CancelOrderButton order={order} onCancelled={onCancelled} />}
      {order.status === 'paid' && <p className="text-sm text-slate-600">{PAID_ORDER_CANCELLATION}</p>}

      <div className="grid gap-6 md:grid-cols-[2fr_1fr]">
        <section aria-label="Items" className="rounded-xl bg-white p-5 shadow-sm">
          <h2 className="mb-3 text-lg font-semibold text-slate-900">Items</h2>
          <OrderLineList lines={order.lines} className="mb-4" />
          <OrderTotals {...order} />
        </section>

        <div className="flex flex-col gap-6">
          <section aria-label="Shipping address" className="rounded-xl bg-white p-5 shadow-sm">
            <h2 className="mb-2 text-lg font-semibold text-slate-900">Ships to</h2>
            <AddressBlock address={order.shippingAddress} />
          </section>
          {order.tracking && (
            <section aria-label="Tracking" className="rounded-xl bg-white p-5 shadow-sm">
              <h2 className="mb-2 text-lg font-semibold text-slate-900">Tracking</h2>
              <p className="text-slate-700">
                {order.tracking.carrier && `${order.tracking.carrier}: `}
                <span className="font-mono">{order.tracking.number}</span>
              </p>
            </section>
          )}
          <section aria-label="Status history" className="rounded-xl bg-white p-5 shadow-sm">
            <h2 className="mb-2 text-lg font-semibold text-slate-900">History</h2>
            <ol className="flex flex-col gap-2">
              {order.statusHistory.map((change) => (
                <li
                  key={`${change.status}-${change.at.seconds}-${change.at.nanoseconds}`}
                  className="text-sm"
                >
                  <StatusBadge status={change.status} />{' '}
                  <span className="text-slate-600">{formatDateTime(change.at)}</span>
                  {change.note && <p className="mt-1 text-slate-700">{change.note}</p>}
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </div>
  );
}
