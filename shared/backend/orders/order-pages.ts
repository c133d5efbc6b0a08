import type { Order } from '../../domain/order.js';
import { DEFAULT_ORDER_QUERY, ORDERS_MAX_PER_PAGE } from '../../domain/order-listing.js';
import type { OrderRepository } from '../store/port.js';

/** Days (YYYY-MM-DD, UTC, both included); '' leaves that end open. */
export interface OrderDays {
  from: string;
  to: string;
}

/**
 * Every order placed on the days given, oldest first, one page read at a time as the caller asks,
 * so an export of any size streams in flat memory. An order placed meanwhile comes last, if at all.
 */
export async function* orderPagesPlaced(
  orders: OrderRepository,
  days: OrderDays,
  perPage = ORDERS_MAX_PER_PAGE,
): AsyncGenerator<Order[]> {
  for (let page = 1; ; page++) {
    const answer = await orders.listPage({ ...DEFAULT_ORDER_QUERY, ...days, sort: 'oldest', page, perPage });
    // A page past the end answers the last one again: stop at the last.
    if (answer.page !== page || answer.orders.length === 0) return;
    yield answer.orders;
    if (page >= answer.totalPages) return;
  }
}
