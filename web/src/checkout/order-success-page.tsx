import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { OrderResponse } from '../../../shared/api/client.js';
import { ApiError } from '../../../shared/api/errors.js';
import { formatCents } from '../../../shared/domain/money.js';
import { Spinner } from '../../../shared/web/spinner.js';
import { RequireSignIn } from '../auth/require-sign-in.js';
import { FormMessage } from '../forms/form-controls.js';
import { PlainFrame } from '../info/plain-frame.js';
import { usePageTitle } from '../layout/use-page-title.js';
import { BankTransferDetails } from '../orders/bank-transfer-details.js';
import { OrderNotFound } from '../orders/order-details-page.js';
import { OrderLineList } from '../orders/order-line-row.js';
import { OrderTotals } from '../orders/order-totals.js';
import { PayNowButton } from '../orders/pay-now-button.js';
import { useOrder } from '../orders/use-orders.js';

const POLL_MS = 2000;
/** How long to wait for Stripe's webhook before telling the shopper it is taking a while. */
const POLL_FOR_MS = 2 * 60_000;

const awaitsCard = (data: OrderResponse | undefined) =>
  data === undefined || (data.order.status === 'pending_payment' && data.order.payment.provider === 'stripe');

/** /checkout/success, inside the public layout. */
export function CheckoutSuccessPage() {
  usePageTitle('Thank you for your order');
  return (
    <RequireSignIn>
      <OrderSuccess />
    </RequireSignIn>
  );
}

/** /order-success, the same confirmation on its own screen. */
export function OrderSuccessPage() {
  return (
    <PlainFrame>
      <CheckoutSuccessPage />
    </PlainFrame>
  );
}

function OrderSuccess() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const backFromStripe = params.has('session_id');
  // Back from Stripe, the webhook may land a moment later: poll until it has, for a while at most.
  const [waiting, setWaiting] = useState(backFromStripe);
  useEffect(() => {
    if (!backFromStripe) return;
    const timer = setTimeout(() => setWaiting(false), POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, [backFromStripe]);
  const { data, error } = useOrder(orderId, (latest) => (waiting && awaitsCard(latest) ? POLL_MS : 0));
  const confirming = waiting && awaitsCard(data);

  if (!orderId || (error instanceof ApiError && (error.status === 404 || error.status === 400)))
    return <OrderNotFound />;
  if (error)
    return <FormMessage kind="error">Your order could not be loaded; please reload the page.</FormMessage>;
  if (!data) return <Spinner />;
  return <Confirmation data={data} confirming={confirming} backFromStripe={backFromStripe} />;
}

function Confirmation({
  data: { order, payment },
  confirming,
  backFromStripe,
}: {
  data: OrderResponse;
  confirming: boolean;
  backFromStripe: boolean;
}) {
  const paid = order.status === 'paid' || order.status === 'shipped';
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <div className="rounded-xl bg-white p-6 text-center shadow-sm">
        <h1 className="text-3xl font-semibold text-slate-900">Thank you for your order!</h1>
        <p className="mt-3 text-lg text-slate-700">
          Order number <strong data-testid="order-number">{order.number}</strong>
        </p>
        <p className="text-lg text-slate-700">
          Total <strong data-testid="order-success-total">{formatCents(order.totalCents)}</strong>
        </p>
        <p className="mt-2 text-sm text-slate-600">A confirmation is on its way to {order.email}.</p>
      </div>
      {paid && (
        <FormMessage kind="notice">
          Payment received, thank you. We are preparing your order and will email you the tracking number when
          it ships.
        </FormMessage>
      )}
      {confirming && <Spinner label="Confirming your card payment..." />}
      {!paid && !confirming && order.payment.provider === 'stripe' && order.status === 'pending_payment' && (
        <div className="flex flex-col gap-3">
          <FormMessage kind="notice">
            {backFromStripe
              ? 'We have not received the confirmation of your card payment yet. If you completed it, this can take a few minutes; otherwise you can pay now.'
              : 'Your order is reserved and awaits payment.'}
          </FormMessage>
          <PayNowButton orderId={order.id} />
        </div>
      )}
      {payment?.kind === 'bank-transfer' && <BankTransferDetails instructions={payment.instructions} />}
      <section aria-label="Items" className="rounded-xl bg-white p-5 shadow-sm">
        <OrderLineList lines={order.lines} className="mb-4" />
        <OrderTotals {...order} />
      </section>
      <div className="flex justify-center gap-6">
        <Link to={`/order-details/${encodeURIComponent(order.id)}`} className="text-teal-800 hover:underline">
          View order details
        </Link>
        <Link to="/store" className="text-teal-800 hover:underline">
          Continue shopping
        </Link>
      </div>
    </div>
  );
}
