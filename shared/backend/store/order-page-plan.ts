import { matchesFilter, ORDER_STATUSES, type OrderStatus } from '../../domain/order.js';
import {
  type OrderListQuery,
  type OrderSort,
  orderSearchKey,
  orderTimeRange,
} from '../../domain/order-listing.js';
import { totalPages } from '../../domain/pagination.js';
import type { OrderSearchScope } from './port.js';

/** What both adapters read an orders page by: the query turned into statuses, times and a search key. */
export interface OrderPagePlan {
  /** null = every status. */
  statuses: OrderStatus[] | null;
  fromMs: number | null;
  toMs: number | null;
  /** orderSearchKey of the search; '' = none. */
  term: string;
  /** The search as typed, trimmed, for the whole-id match. */
  id: string;
  /** Whether the search matches e-mails too (not for staff who may not read them). */
  matchEmail: boolean;
  sort: OrderSort;
}

export function orderPagePlan(
  query: OrderListQuery,
  { matchEmail = true }: OrderSearchScope = {},
): OrderPagePlan {
  return {
    statuses: query.status === 'all' ? null : ORDER_STATUSES.filter((s) => matchesFilter(s, query.status)),
    ...orderTimeRange(query),
    term: orderSearchKey(query.q),
    id: query.q.trim(),
    matchEmail,
    sort: query.sort,
  };
}

/** The upper end of a prefix range: every key starting with the prefix sorts below it (UTF-8 order). */
export const prefixEnd = (prefix: string): string => `${prefix}\u{10FFFF}`;

/** The page answered for `total` orders: clamped to the last page, counted from 1. */
export function clampedPage(query: OrderListQuery, total: number) {
  const pages = totalPages(total, query.perPage);
  const page = Math.max(1, Math.min(query.page, pages));
  return { page, totalPages: pages, offset: (page - 1) * query.perPage };
}
