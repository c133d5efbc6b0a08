import { Link, Outlet, useLocation, useParams } from 'react-router-dom';
import { formatCents } from '../../../shared/domain/money.js';
import { ORDER_FILTERS, ORDER_STATUS_LABELS, type OrderFilter } from '../../../shared/domain/order.js';
import type { OrderSort } from '../../../shared/domain/order-listing.js';
import {
  orderSortsFor,
  readsWholeOrders,
  type StaffOrder,
  wholeOrder,
} from '../../../shared/domain/order-shipping-view.js';
import { useAuth } from '../../../shared/web/auth-context.js';
import { formatDateTime } from '../../../shared/web/dates.js';
import { Spinner } from '../../../shared/web/spinner.js';
import { ChoiceSelect } from '../ui/choice-select.js';
import { inputClass } from '../ui/field.js';
import { Pager } from '../ui/pager.js';
import { TableHead } from '../ui/table-head.js';
import { useSearchBox } from '../ui/use-search-box.js';
import { OrderBulkTools } from './order-bulk-tools.js';
import { useOrderQuery } from './order-query-url.js';
import { useAdminOrders } from './use-admin-orders.js';
import { useMarkOrdersSeen } from './use-unseen-orders.js';

const FILTERS: Record<OrderFilter, string> = {
  all: 'All orders',
  unshipped: 'Unshipped',
  ...ORDER_STATUS_LABELS,
};

const SORTS: Record<OrderSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'total-desc': 'Total (high to low)',
  'total-asc': 'Total (low to high)',
};

/** Who the order is for and what it cost, for full admins; where it ships, for fulfilment staff. */
const COLUMNS = {
  whole: ['Order', 'Placed', 'Email', 'Total', 'Status'],
  shipping: ['Order', 'Placed', 'Ship to', 'Status'],
};
/** The server searches e-mails only for staff who may read them. */
const SEARCH_LABELS = {
  whole: 'Search by order number or email',
  shipping: 'Search by order number or name',
};

function OrderCells({ order }: { order: StaffOrder }) {
  const whole = wholeOrder(order);
  if (!whole)
    return (
      <td className="p-2">
        {order.shippingAddress.fullName}, {order.shippingAddress.country}
      </td>
    );
  return (
    <>
      <td className="p-2">{whole.email}</td>
      <td className="p-2 text-right">{formatCents(whole.totalCents)}</td>
    </>
  );
}

/**
 * /admin/orders: one page of orders as the server filters (status, days, search), sorts and pages
 * them, all kept in the URL; an order opens at /admin/orders/:orderId below the list.
 */
export function OrdersPage() {
  const role = useAuth().user?.role ?? null;
  const view = readsWholeOrders(role) ? 'whole' : 'shipping';
  const [query, change] = useOrderQuery();
  const { data, error } = useAdminOrders(query);
  const { search: urlSearch } = useLocation();
  const openId = useParams().orderId;
  const [search, setSearch] = useSearchBox(query.q, (q) => change({ q }));
  useMarkOrdersSeen(data);

  return (
    <section>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <h1 className="mr-auto text-2xl font-semibold">Orders</h1>
        <ChoiceSelect
          label="Show"
          value={query.status}
          choices={ORDER_FILTERS.map((f) => [f, FILTERS[f]] as const)}
          onChange={(status) => change({ status })}
        />
        {(['from', 'to'] as const).map((end) => (
          <label key={end} className="flex flex-col text-sm">
            Placed {end}
            <input
              type="date"
              value={query[end]}
              onChange={(e) => change({ [end]: e.target.value })}
              className={inputClass}
            />
          </label>
        ))}
        <ChoiceSelect
          label="Sort"
          value={query.sort}
          choices={orderSortsFor(role).map((sort) => [sort, SORTS[sort]] as const)}
          onChange={(sort) => change({ sort })}
        />
        <label className="flex flex-col text-sm">
          {SEARCH_LABELS[view]}
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className={inputClass}
          />
        </label>
      </div>
      <OrderBulkTools query={query} />
      {error && !data && <p role="alert">Cannot load the orders: {(error as Error).message}</p>}
      {!data && !error && <Spinner label="Loading orders..." />}
      {data && data.total === 0 && <p className="rounded bg-white p-6 text-center">No orders match.</p>}
      {data && data.total > 0 && (
        <>
          <p className="mb-2 text-sm text-slate-600">
            {data.total} {data.total === 1 ? 'order' : 'orders'}
          </p>
          <div className="relative overflow-x-auto">
            <table className="w-full bg-white text-left text-sm shadow-sm">
              <TableHead columns={COLUMNS[view]} right={['Total']} />
              <tbody>
                {data.orders.map((o) => (
                  <tr key={o.id} className={`border-t ${o.id === openId ? 'bg-teal-50' : ''}`}>
                    <td className="p-2">
                      <Link
                        to={{ pathname: `/orders/${encodeURIComponent(o.id)}`, search: urlSearch }}
                        className="font-mono text-teal-800 underline"
                      >
                        {o.number}
                      </Link>
                    </td>
                    <td className="p-2">{formatDateTime(o.createdAt)}</td>
                    <OrderCells order={o} />
                    <td className="p-2">{ORDER_STATUS_LABELS[o.status]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={data.page - 1} pages={data.totalPages} onPage={(p) => change({ page: p + 1 })} />
        </>
      )}
      <Outlet />
    </section>
  );
}
