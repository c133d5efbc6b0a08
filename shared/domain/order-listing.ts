import type { Order } from './order.js';
import { ORDER_FILTERS, type OrderFilter } from './order-status.js';
import { oneOf, paramsBesideDefaults, wholeNumber } from './url-query.js';

/**
 * Staff's order list as the server pages it:
 * `GET /api/admin/orders?status=&from=&to=&q=&sort=&page=&perPage=` — the same names the admin app
 * keeps in its URL. Zod-free, so the admin app parses its URL without loading zod.
 */
export const ORDER_SORTS = ['newest', 'oldest', 'total-desc', 'total-asc'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

const ADMIN_ORDERS_PAGE_SIZE = 25;
export const ORDERS_MAX_PER_PAGE = 100;
export const ORDER_SEARCH_MAX_LENGTH = 100;

export interface OrderListQuery {
  status: OrderFilter;
  /** Days (YYYY-MM-DD, UTC), both included; '' = open. */
  from: string;
  to: string;
  /** The start of an order number, e-mail or the name it ships to (any case), or an order id; '' = all. */
  q: string;
  sort: OrderSort;
  /** Counted from 1; a page past the end answers the last page. */
  page: number;
  perPage: number;
}

export interface OrderPage {
  orders: Order[];
  /** The page actually answered (counted from 1) after clamping. */
  page: number;
  perPage: number;
  total: number;
  totalPages: number;
}

export const DEFAULT_ORDER_QUERY: OrderListQuery = {
  status: 'all',
  from: '',
  to: '',
  q: '',
  sort: 'newest',
  page: 1,
  perPage: ADMIN_ORDERS_PAGE_SIZE,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day as the query names it, or null when it is not a real calendar day. */
export function dayStartMs(day: string): number | null {
  if (!DAY.test(day)) return null;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? null : ms;
}

/** The creation times the query's days cover: from's midnight included, the day after `to` excluded. */
export function orderTimeRange(query: Pick<OrderListQuery, 'from' | 'to'>): {
  fromMs: number | null;
  toMs: number | null;
} {
  const to = dayStartMs(query.to);
  return { fromMs: dayStartMs(query.from), toMs: to === null ? null : to + 86_400_000 };
}

/** How search terms and the fields they match compare: trimmed, lower case (ASCII, as SQLite's lower()). */
export const orderSearchKey = (text: string): string =>
  text.trim().replace(/[A-Z]+/g, (s) => s.toLowerCase());

/** Reads the admin app's URL leniently: anything it cannot use falls back to the default. */
export function orderQueryFromParams(
  params: URLSearchParams,
  d: OrderListQuery = DEFAULT_ORDER_QUERY,
): OrderListQuery {
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return dayStartMs(value) === null ? '' : value;
  };
  return {
    status: oneOf(ORDER_FILTERS, params.get('status'), d.status),
    from: day('from'),
    to: day('to'),
    q: (params.get('q') ?? '').trim().slice(0, ORDER_SEARCH_MAX_LENGTH),
    sort: oneOf(ORDER_SORTS, params.get('sort'), d.sort),
    page: wholeNumber(params.get('page'), d.page, Number.MAX_SAFE_INTEGER),
    perPage: wholeNumber(params.get('perPage'), d.perPage, ORDERS_MAX_PER_PAGE),
  };
}

/** The query as URL parameters, defaults left out so links stay short. */
export function orderQueryToParams(
  query: OrderListQuery,
  defaults: OrderListQuery = DEFAULT_ORDER_QUERY,
): URLSearchParams {
  return paramsBesideDefaults(query, defaults);
}
