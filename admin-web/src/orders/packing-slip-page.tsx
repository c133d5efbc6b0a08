import { Link, useParams } from 'react-router-dom';
import { localityLine } from '../../../shared/domain/address-rules.js';
import { STORE_DISPLAY_NAME } from '../../../shared/domain/constants.js';
import { type ShippingOrder, shippingViewOf } from '../../../shared/domain/order-shipping-view.js';
import { displayPhone } from '../../../shared/domain/phone-number.js';
import { formatDate } from '../../../shared/web/dates.js';
import { Spinner } from '../../../shared/web/spinner.js';
import { useAdminOrder } from './use-admin-orders.js';

function PackingSlip({ order }: { order: ShippingOrder }) {
  const a = order.shippingAddress;
  const units = order.lines.reduce((sum, l) => sum + l.quantity, 0);
  return (
    <article
      aria-label={`Packing slip ${order.number}`}
      className="mx-auto max-w-[800px] bg-white p-8 text-slate-900 shadow-sm print:max-w-none print:p-0 print:shadow-none"
    >
      <header className="flex items-start justify-between border-b pb-4">
        <div>
          <p className="text-lg font-semibold">{STORE_DISPLAY_NAME}</p>
          <h1 className="text-2xl font-bold">Packing slip</h1>
        </div>
        <dl className="text-right text-sm">
          <dt className="inline font-medium">Order </dt>
          <dd className="inline font-mono text-base font-bold">{order.number}</dd>
          <br />
          <dt className="inline font-medium">Placed </dt>
          <dd className="inline">{formatDate(order.createdAt)}</dd>
        </dl>
      </header>
      <section aria-label="Ship to" className="mt-4">
        <h2 className="font-semibold">Ship to</h2>
        <address className="not-italic">
          {a.fullName}
          <br />
          {a.line1}
          {a.line2 && (
            <>
              <br />
              {a.line2}
            </>
          )}
          <br />
          {localityLine(a)}
          <br />
          {a.country}
          <br />
          {displayPhone(a.phone, a.country)}
        </address>
      </section>
      <table className="mt-6 w-full text-left text-sm">
        <thead className="border-b">
          <tr>
            <th className="py-2">SKU</th>
            <th className="py-2">Item</th>
            <th className="py-2">Options</th>
            <th className="py-2 text-right">Quantity</th>
            <th className="w-16 py-2 text-center">Packed</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l) => (
            <tr key={`${l.productId}/${l.variantId}`} className="border-b">
              <td className="py-2 font-mono">{l.sku || '—'}</td>
              <td className="py-2">{l.name}</td>
              <td className="py-2">
                {Object.entries(l.options ?? {})
                  .map(([name, value]) => `${name}: ${value}`)
                  .join(', ')}
              </td>
              <td className="py-2 text-right font-semibold">{l.quantity}</td>
              <td className="py-2 text-center">☐</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-4 text-sm">
        {units} {units === 1 ? 'item' : 'items'} in {order.lines.length}{' '}
        {order.lines.length === 1 ? 'line' : 'lines'}
      </p>
      {order.shippingMethod && <p className="mt-1 text-sm">Shipping: {order.shippingMethod}</p>}
      {order.coldPack && <p className="mt-1 text-sm font-semibold">Pack with a cold pack</p>}
    </article>
  );
}

/**
 * /admin/orders/:orderId/packing-slip — a page of its own (no admin navigation) to print and put
 * in the parcel: the order's shipping view (where it goes and what is in it, without prices), whoever
 * prints it. The buttons do not print.
 */
export function PackingSlipPage() {
  const orderId = useParams().orderId!;
  const { data: order, error } = useAdminOrder(orderId);
  return (
    <main className="min-h-screen bg-slate-100 p-6 print:bg-white print:p-0">
      <nav aria-label="Packing slip actions" className="mx-auto mb-4 flex max-w-[800px] gap-3 print:hidden">
        <Link to={`/orders/${encodeURIComponent(orderId)}`} className="rounded border px-3 py-2">
          Back to the order
        </Link>
        <button
          type="button"
          disabled={!order}
          onClick={() => window.print()}
          className="rounded bg-teal-700 px-3 py-2 text-white disabled:opacity-60"
        >
          Print
        </button>
      </nav>
      {error && !order && (
        <p role="alert" className="mx-auto max-w-[800px] rounded bg-white p-6">
          Cannot load the order: {(error as Error).message}
        </p>
      )}
      {!order && !error && <Spinner label="Loading the order..." />}
      {order && <PackingSlip order={shippingViewOf(order)} />}
    </main>
  );
}
