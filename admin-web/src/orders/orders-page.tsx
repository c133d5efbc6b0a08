import { useDeferredValue, useState } from 'react';
import { formatCents } from '../../../shared/domain/money.js';
import {
  ORDER_FILTERS,
  ORDER_STATUS_LABELS,
  type Order,
  type OrderFilter,
} from '../../../shared/domain/order.js';
import { formatDateTime } from '../../../shared/web/dates.js';
import { Spinner } from '../../../shared/web/spinner.js';
import { inputClass } from '../ui/field.js';
import { TableHead } from '../ui/table-head.js';
import { OrderDetail } from './order-detail.js';
import { useAdminOrders } from './use-admin-orders.js';

const FILTERS: Record<OrderFilter, string> = {
  all: 'All orders',
  unshipped: 'Unshipped',
  ...ORDER_STATUS_LABELS,
};

/** /admin/orders: filter by status, search by order number or email, open one to act on it. */
export function OrdersPage() {
  const [filter, setFilter] = useState<OrderFilter>('unshipped');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const { data: orders, error, mutate } = useAdminOrders(filter, deferredSearch);
  // The open order stays open after a change moves it out of the current filter.
  const [open, setOpen] = useState<Order | null>(null);

  return (
    <section>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <h1 className="mr-auto text-2xl font-semibold">Orders</h1>
        <label className="flex flex-col text-sm">
          Show
          <select
            value={filter}
            onChange={(e) => setFilter(e.target.value as OrderFilter)}
            className={inputClass}
          >
            {ORDER_FILTERS.map((f) => (
              <option key={f} value={f}>
                {FILTERS[f]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          Search by order number or email
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className={inputClass}
          />
        </label>
      </div>
      {error && !orders && <p role="alert">Cannot load the orders: {error.message}</p>}
      {!orders && !error && <Spinner label="Loading orders..." />}
      {orders && orders.length === 0 && <p className="rounded bg-white p-6 text-center">No orders match.</p>}
      {orders && orders.length > 0 && (
        <div className="relative overflow-x-auto">
          <table className="w-full bg-white text-left text-sm shadow-sm">
            <TableHead columns={['Order', 'Placed', 'Email', 'Total', 'Status']} right={['Total']} />
            <tbody>
              {orders.map((o) => (
                <tr key={o.id} className={`border-t ${o.id === open?.id ? 'bg-teal-50' : ''}`}>
                  <td className="p-2">
                    <button
                      type="button"
                      onClick={() => setOpen(o)}
                      className="font-mono text-teal-800 underline"
                    >
                      {o.number}
                    </button>
                  </td>
                  <td className="p-2">{formatDateTime(o.createdAt)}</td>
                  <td className="p-2">{o.email}</td>
                  <td className="p-2 text-right">{formatCents(o.totalCents)}</td>
                  <td className="p-2">{ORDER_STATUS_LABELS[o.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open && (
        <OrderDetail
          order={open}
          onChanged={(changed) => {
            setOpen(changed);
            void mutate((list = []) => list.map((o) => (o.id === changed.id ? changed : o)));
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
