import { BANK_TRANSFER_DAYS } from '../../domain/constants.js';
import { ShopError } from '../../domain/errors.js';
import { isPaymentOverdue, type Order } from '../../domain/order.js';
import type { OrderRepository } from '../store/port.js';

const OVERDUE_NOTE = `No payment received within ${BANK_TRANSFER_DAYS} days; the items went back on sale`;

/** Bank-transfer orders past their payment deadline, oldest first. */
export async function overdueOrders(orders: OrderRepository, nowMs: number): Promise<Order[]> {
  const pending = await orders.list({ filter: 'pending_payment' });
  return pending.filter((order) => isPaymentOverdue(order, nowMs)).reverse();
}

/**
 * Cancels every overdue bank-transfer order, putting its stock back. An order paid or cancelled
 * by someone else in the meantime is left as they left it.
 */
export async function cancelOverdueOrders(orders: OrderRepository, nowMs: number): Promise<Order[]> {
  const cancelled: Order[] = [];
  for (const order of await overdueOrders(orders, nowMs)) {
    try {
      cancelled.push(await orders.cancel(order.id, OVERDUE_NOTE));
    } catch (error) {
      if (!(error instanceof ShopError && error.code === 'conflict')) throw error;
    }
  }
  return cancelled;
}
