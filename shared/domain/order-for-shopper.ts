import type { Order } from './order.js';

/** An order as its shopper may see it: staff notes left out of its history. */
export function orderForShopper(order: Order): Order {
  return {
    ...order,
    statusHistory: order.statusHistory.map(({ staffNote: _staffOnly, ...change }) => change),
  };
}
