import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { formatCents } from '../../../shared/domain/money.js';
import { DEFAULT_ORDER_QUERY, orderQueryToParams } from '../../../shared/domain/order-listing.js';
import type { OrderStatus } from '../../../shared/domain/order-status.js';
import type { SalesSummary } from '../../../shared/domain/sales-report.js';
import { Spinner } from '../../../shared/web/spinner.js';
import { AffiliatesPanel } from './affiliates-panel.js';
import { changeText, dashboardPeriods } from './dashboard-periods.js';
import { StockWatch } from './stock-watch.js';
import { useSalesSummary } from './use-sales-summary.js';

// The chart library is loaded with this chunk only, when the dashboard first draws a chart.
const SalesChart = lazy(() => import('./sales-chart.js'));

const ordersIn = (status: OrderStatus) =>
  `/orders?${orderQueryToParams({ ...DEFAULT_ORDER_QUERY, status }).toString()}`;

function Periods({ summary }: { summary: SalesSummary }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {dashboardPeriods(summary).map(({ label, current, previous }) => (
        <section key={label} aria-label={label} className="rounded bg-white p-4 shadow-sm">
          <h2 className="text-sm font-medium text-slate-600">{label}</h2>
          <p className="mt-1 text-2xl font-semibold" data-figure="revenue">
            {formatCents(current.revenueCents)}
          </p>
          <p className="text-sm text-slate-600">{changeText(current.revenueCents, previous.revenueCents)}</p>
          <p className="mt-2" data-figure="orders">
            {current.orders} {current.orders === 1 ? 'order' : 'orders'}{' '}
            <span className="text-sm text-slate-600">({previous.orders} before)</span>
          </p>
        </section>
      ))}
    </div>
  );
}

function Backlog({ summary }: { summary: SalesSummary }) {
  const { awaitingPayment, awaitingShipment } = summary.backlog;
  const box = 'rounded bg-white p-4 shadow-sm text-teal-800 underline';
  return (
    <nav aria-label="Orders waiting" className="grid gap-4 sm:grid-cols-2">
      <Link to={ordersIn('pending_payment')} className={box}>
        <span className="text-2xl font-semibold">{awaitingPayment}</span> awaiting payment
      </Link>
      <Link to={ordersIn('paid')} className={box}>
        <span className="text-2xl font-semibold">{awaitingShipment}</span> awaiting shipment
      </Link>
    </nav>
  );
}

function DailyTable({ summary }: { summary: SalesSummary }) {
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm text-teal-800">Daily figures</summary>
      <table className="mt-2 w-full text-left text-sm" aria-label="Daily figures">
        <thead>
          <tr>
            <th className="p-1">Day (UTC)</th>
            <th className="p-1 text-right">Orders</th>
            <th className="p-1 text-right">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {summary.days.map((d) => (
            <tr key={d.day} className="border-t">
              <td className="p-1">{d.day}</td>
              <td className="p-1 text-right">{d.orders}</td>
              <td className="p-1 text-right">{formatCents(d.revenueCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** /admin/dashboard: the shop at a glance. */
export function DashboardPage() {
  const { data: summary, error } = useSalesSummary();
  if (error && !summary)
    return <p className="text-red-700">Could not load the figures: {(error as Error).message}</p>;
  if (!summary) return <Spinner />;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Dashboard</h1>
        <p className="mt-1 text-sm text-slate-600">
          Revenue is what paid and shipped orders came to (shipping included), on the UTC day they were
          placed; each figure is beside the period of the same length before it.
        </p>
      </div>
      <Periods summary={summary} />
      <Backlog summary={summary} />
      <section aria-labelledby="daily" className="rounded bg-white p-4 shadow-sm">
        <h2 id="daily" className="text-lg font-semibold">
          Revenue and orders by day, {summary.from} to {summary.to}
        </h2>
        <Suspense fallback={<div className="min-h-[300px]" />}>
          <SalesChart days={summary.days} />
        </Suspense>
        <DailyTable summary={summary} />
      </section>
      <AffiliatesPanel from={summary.from} to={summary.to} />
      <StockWatch health={summary} threshold={summary.lowStockThreshold} />
      <p className="text-sm">
        <Link to="/settings/rates" className="text-teal-800 underline">
          Shipping zones and tax rates
        </Link>
      </p>
    </div>
  );
}
