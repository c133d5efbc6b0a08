import { isPaymentOverdue, type Order } from '../../domain/order.js';
import type { OrderRepository } from '../store/port.js';
import { type CancelDeps, cancelOrder, wasChanged } from './cancel-order.js';

/** Bank-transfer orders past their payment deadline, oldest first. */
export async function overdueOrders(orders: OrderRepository, nowMs: number): Promise<Order[]> {
  const pending = await orders.list({ filter: 'pending_payment' });
  return pending.filter((order) => isPaymentOverdue(order, nowMs)).reverse();
}

/**
 * Cancels every overdue bank-transfer order, putting its stock back. An order paid or cancelled
 * by someone else in the meantime is left as they left it.
 */
export async function cancelOverdueOrders(deps: CancelDeps, nowMs: number): Promise<Order[]> {
  const cancelled: Order[] = [];
  for (const order of await overdueOrders(deps.orders, nowMs)) {
    const after = await cancelOrder(deps, order, { type: 'overdue', nowMs });
    if (after.status === 'cancelled' && wasChanged(order, after)) cancelled.push(after);
  }
  return cancelled;
}
