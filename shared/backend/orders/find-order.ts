import type { Order } from '../../domain/order.js';
import { DEFAULT_ORDER_QUERY } from '../../domain/order-listing.js';
import type { OrderRepository } from '../store/port.js';

/** The order with this number (e.g. HP-7K2M9QXD, any case), found through the orders' search index. */
export async function findOrderByNumber(orders: OrderRepository, ref: string): Promise<Order | null> {
  const number = ref.trim().toUpperCase();
  if (!number) return null;
  const { orders: found } = await orders.listPage({ ...DEFAULT_ORDER_QUERY, q: number });
  return found.find((o) => o.number === number) ?? null;
}
