import { Link } from 'react-router-dom';
import { formatCents } from '../../../shared/domain/money.js';
import type { Order } from '../../../shared/domain/order.js';
import { compareTimestamps } from '../../../shared/domain/timestamp.js';
import { formatDate } from '../../../shared/web/dates.js';
import { Spinner } from '../../../shared/web/spinner.js';
import { RequireSignIn } from '../auth/require-sign-in.js';
import { FormMessage } from '../forms/form-controls.js';
import { usePageTitle } from '../layout/use-page-title.js';
import { StatusBadge } from './order-format.js';
import { useMyOrders } from './use-orders.js';

export function OrdersPage() {
  usePageTitle('Your orders');
  return (
    <RequireSignIn>
      <h1 className="mb-6 text-3xl font-semibold text-slate-900">Your orders</h1>
      <OrderList />
    </RequireSignIn>
  );
}

function OrderList() {
  const { data: orders, error } = useMyOrders();
  if (error)
    return <FormMessage kind="error">Your orders could not be loaded; please try again.</FormMessage>;
  if (!orders) return <Spinner />;
  if (orders.length === 0)
    return (
      <div className="rounded-xl bg-white p-8 text-center shadow-sm">
        <p className="text-lg text-slate-800">You have not placed any orders yet.</p>
        <Link to="/store" className="mt-3 inline-block text-teal-800 hover:underline">
          Browse the store
        </Link>
      </div>
    );
  return <OrderRows orders={orders} />;
}

/** The orders as rows, newest first, each with its status and total, opening its details. */
export function OrderRows({ orders }: { orders: readonly Order[] }) {
  const newestFirst = [...orders].sort((a, b) => compareTimestamps(b.createdAt, a.createdAt));
  return (
    <ul className="flex flex-col gap-3" aria-label="Orders">
      {newestFirst.map((order) => {
        const items = order.lines.reduce((sum, l) => sum + l.quantity, 0);
        return (
          <li key={order.id} data-testid="order-row">
            <Link
              to={`/order-details/${encodeURIComponent(order.id)}`}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm hover:ring-2 hover:ring-teal-600/30"
            >
              <div>
                <p className="font-semibold text-slate-900">Order {order.number}</p>
                <p className="text-sm text-slate-600">
                  {formatDate(order.createdAt)} · {items} item(s)
                </p>
              </div>
              <div className="flex items-center gap-4">
                <StatusBadge status={order.status} />
                <span className="font-semibold text-slate-900">{formatCents(order.totalCents)}</span>
              </div>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
