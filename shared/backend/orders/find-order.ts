import type { Order } from '../../domain/order.js';
import { orderNumberKey } from '../order-number.js';
import type { OrderRepository } from '../store/port.js';

/** The order with this number (e.g. HP-7K2M9QXD, any case), found through the numbers' unique index. */
export async function findOrderByNumber(orders: OrderRepository, ref: string): Promise<Order | null> {
  const number = orderNumberKey(ref);
  if (!number) return null;
  return (await orders.getByNumbers([number])).get(number) ?? null;
}
