import { ConflictError } from '../../domain/errors.js';
import type { Order } from '../../domain/order.js';
import { type OrderEvent, orderMoveFor } from '../../domain/order-transitions.js';
import type { Payments } from '../payments/payments.js';
import type { OrderRepository } from '../store/port.js';

export type CancelEvent = Extract<OrderEvent, { type: 'cancel' | 'expire' | 'overdue' }>;

export interface CancelDeps {
  orders: OrderRepository;
  payments: Pick<Payments, 'methods' | 'gateway'>;
}

/**
 * The one way an order is cancelled (shopper, staff, CLI, overdue sweep, Stripe's expiry). A refused
 * cancel throws before anything is touched; an unpaid order first has its payment stopped (a card
 * order's open Checkout Session expired, refused if it has just been paid), so the shopper cannot
 * pay for an order that no longer exists; the store then cancels it and puts its stock back.
 * Returns the order unchanged when the event no longer concerns it.
 */
export async function cancelOrder(
  { orders, payments }: CancelDeps,
  order: Order,
  event: CancelEvent,
): Promise<Order> {
  if (!orderMoveFor(order, event)) return order;
  // An expired session is the payment already stopped.
  if (order.status === 'pending_payment' && event.type !== 'expire') await stopPayment(payments, order);
  return orders.transition(order.id, event);
}

async function stopPayment(payments: CancelDeps['payments'], order: Order): Promise<void> {
  const provider = order.payment.provider;
  if (payments.methods.includes(provider)) return payments.gateway(provider).stop(order);
  // A card payment under way that this configuration cannot reach could still complete.
  if (order.payment.reference)
    throw new ConflictError(
      'conflict',
      `Order ${order.number} awaits a card payment: configure card payments (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY, as the shop has them) so its Stripe Checkout Session is expired before the order is cancelled`,
    );
}

/** Whether a change wrote anything: the store leaves an order it did not move as it was. */
export function wasChanged(before: Order, after: Order): boolean {
  return (
    after.updatedAt.seconds !== before.updatedAt.seconds ||
    after.updatedAt.nanoseconds !== before.updatedAt.nanoseconds
  );
}
