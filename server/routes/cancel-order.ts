import type { Order } from '../../shared/domain/order.js';
import type { AppDeps } from '../deps.js';

/**
 * Cancels an order that has not shipped. An unpaid one first has its payment stopped (a card
 * order's open Checkout Session expired), so the shopper cannot pay for an order that no longer
 * exists; the store then refuses any move its status does not allow.
 */
export async function cancelOrder(
  { store, payments }: Pick<AppDeps, 'store' | 'payments'>,
  order: Order,
  note?: string,
): Promise<Order> {
  const provider = order.payment.provider;
  if (order.status === 'pending_payment' && payments.methods.includes(provider))
    await payments.gateway(provider).stop(order);
  return store.orders.cancel(order.id, note);
}
