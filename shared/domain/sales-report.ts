import type { Cents } from './money.js';
import type { OrderStatus } from './order-status.js';

/**
 * The shop's figures for staff (the admin dashboard, `GET /api/admin/reports/summary`,
 * `shop report sales`). Days are UTC calendar days, as the orders list's. Revenue is what shoppers
 * paid, shipping included, for orders placed on the day that are now paid or shipped: an order
 * awaiting payment has earned nothing yet and a cancelled one never will. Zod-free, so the admin
 * app can use it without loading zod.
 */
export const REVENUE_STATUSES = ['paid', 'shipped'] as const satisfies readonly OrderStatus[];

const DAY_MS = 86_400_000;
/** The longest range one summary covers. */
export const REPORT_MAX_DAYS = 366;
/** How many low-stock variants and unsellable products a summary lists (the counts cover all). */
export const REPORT_LIST_LIMIT = 50;
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
/** The days a report covers when not told otherwise: the dashboard's. */
export const DASHBOARD_DAYS = 30;
export const MAX_LOW_STOCK_THRESHOLD = 100_000;

export interface SalesFigures {
  revenueCents: Cents;
  /** Orders that make the revenue (paid or shipped). */
  orders: number;
}

export interface SalesDay extends SalesFigures {
  /** YYYY-MM-DD, UTC. */
  day: string;
}

export interface OrderBacklog {
  awaitingPayment: number;
  /** Paid, not yet shipped. */
  awaitingShipment: number;
}

/** A size of an available product, itself available, whose tracked stock is at or below the threshold. */
export interface LowStockVariant {
  productId: string;
  productName: string;
  variantId: string;
  sku: string;
  options: Record<string, string>;
  stock: number;
}

export interface StockHealth {
  lowStock: { total: number; variants: LowStockVariant[] };
  /** Products shoppers see as available but none of whose sizes can be put in a cart. */
  unsellable: { total: number; products: { id: string; name: string }[] };
}

export interface SalesSummary extends StockHealth {
  from: string;
  to: string;
  timeZone: 'UTC';
  /** Every day from `from` to `to`, days without sales at zero. */
  days: SalesDay[];
  total: SalesFigures;
  /** The same number of days just before `from`. */
  previous: SalesFigures & { from: string; to: string };
  backlog: OrderBacklog;
  lowStockThreshold: number;
}

export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);
export const addDays = (day: string, n: number): string => dayOf(dayMs(day) + n * DAY_MS);
/** How many days from `from` to `to`, both included. */
export const daysIn = (from: string, to: string): number =>
  Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1;

/** The creation times a range of days covers: from's midnight included, the midnight after `to` excluded. */
export const dayRangeMs = (from: string, to: string) => ({ fromMs: dayMs(from), toMs: dayMs(to) + DAY_MS });

export function sumSales(days: readonly SalesFigures[]): SalesFigures {
  let revenueCents = 0;
  let orders = 0;
  for (const d of days) {
    revenueCents += d.revenueCents;
    orders += d.orders;
  }
  return { revenueCents, orders };
}

/** Every day of the range in order, from the days that had sales (in any order). */
export function everyDay(from: string, to: string, sold: readonly SalesDay[]): SalesDay[] {
  const byDay = new Map(sold.map((d) => [d.day, d]));
  return Array.from({ length: daysIn(from, to) }, (_, i) => {
    const day = addDays(from, i);
    return byDay.get(day) ?? { day, revenueCents: 0, orders: 0 };
  });
}

/** The days just before a range, as many as it has. */
export function previousRange(from: string, to: string): { from: string; to: string } {
  const n = daysIn(from, to);
  return { from: addDays(from, -n), to: addDays(from, -1) };
}

/** The change from `previous` to `current` in whole percent; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  return previous === 0 ? null : Math.round(((current - previous) / previous) * 100);
}
