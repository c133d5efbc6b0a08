import { Hono } from 'hono';
import type Stripe from 'stripe';
import { cancelOrder } from '../../shared/backend/orders/cancel-order.js';
import { ShopError } from '../../shared/domain/errors.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const EXPIRED_EVENT = 'checkout.session.expired';

/**
 * Stripe's webhook. Only an event whose signature verifies with the webhook secret is read; a paid
 * Checkout Session marks its order paid when the amount and currency match the order; the expiry of
 * the session an unpaid order is waiting on cancels the order, so its stock goes back on sale.
 */
export const stripeWebhookRoutes = ({ store, payments }: AppDeps) =>
  new Hono<AppEnv>().post('/', async (c) => {
    const verify = payments.verifyStripeEvent;
    if (!verify) throw new ShopError('not-found', 'Card payments are not configured');
    const signature = c.req.header('stripe-signature');
    if (!signature) throw new ShopError('invalid-input', 'Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = await verify(await c.req.text(), signature);
    } catch {
      throw new ShopError('invalid-input', 'The webhook signature does not verify');
    }
    if (PAID_EVENTS.has(event.type)) {
      const session = event.data.object as Stripe.Checkout.Session;
      const order = session.client_reference_id ? await store.orders.get(session.client_reference_id) : null;
      if (!order) throw new ShopError('not-found', 'No order for this Checkout Session');
      if (session.payment_status !== 'paid') return c.json({ received: true, paid: false }, 200);
      if (session.amount_total !== order.totalCents || session.currency !== 'usd') {
        console.error(
          `[stripe] amount mismatch for order ${order.number}: ${session.amount_total} ${session.currency}`,
        );
        throw new ShopError('conflict', 'The paid amount does not match the order');
      }
      if (order.status === 'pending_payment' || order.status === 'paid') {
        await store.orders.markPaid(order.id, { reference: session.id, note: 'Paid by card (Stripe)' });
      } else if (order.status === 'cancelled') {
        // Cancelling expires the open session first, so this needs a person: the money must go back.
        console.error(
          `[stripe] order ${order.number} is cancelled, yet Checkout Session ${session.id} was paid: refund it in the Stripe dashboard`,
        );
      }
    }
    if (event.type === EXPIRED_EVENT) {
      const session = event.data.object as Stripe.Checkout.Session;
      const order = session.client_reference_id ? await store.orders.get(session.client_reference_id) : null;
      if (order)
        await cancelOrder({ orders: store.orders, payments }, order, {
          type: 'expire',
          sessionId: session.id,
        });
    }
    return c.json({ received: true }, 200);
  });
