import { Hono } from 'hono';
import { z } from 'zod';
import { cancelOrder } from '../../shared/backend/orders/cancel-order.js';
import { ConflictError, NotFoundError } from '../../shared/domain/errors.js';
import { orderForShopper } from '../../shared/domain/order-for-shopper.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { requireUser } from '../middleware/auth.js';
import { validate } from '../validate.js';
import { paymentUrls } from './payment-urls.js';

export const orderIdParam = z.object({ id: z.string().min(1).max(128) });

/**
 * A shopper's own orders; an admin may open any. Anyone else gets a 404, never a hint it exists.
 * Every answer here is the shopper's view: staff notes stay on the admin routes.
 */
export const orderRoutes = ({ store, auth, payments, config }: AppDeps) => {
  const visibleOrder = async (id: string, user: { uid: string; isAdmin: boolean }) => {
    const order = await store.orders.get(id);
    if (!order || (order.uid !== user.uid && !user.isAdmin)) throw new NotFoundError('Order');
    return order;
  };
  return new Hono<AppEnv>()
    .use(requireUser(auth))
    .get('/', async (c) => {
      const orders = await store.orders.listForUser(c.get('user')!.uid);
      return c.json({ orders: orders.map(orderForShopper) }, 200);
    })
    .get('/:id', validate('param', orderIdParam), async (c) => {
      const order = await visibleOrder(c.req.valid('param').id, c.get('user')!);
      // Bank details are shown again while a transfer is awaited; starting a card payment is a POST.
      const payment =
        order.status === 'pending_payment' && order.payment.provider === 'manual'
          ? await payments.gateway('manual').begin(order, paymentUrls(c, config, order))
          : null;
      return c.json({ order: orderForShopper(order), payment }, 200);
    })
    .post('/:id/pay', validate('param', orderIdParam), async (c) => {
      const order = await visibleOrder(c.req.valid('param').id, c.get('user')!);
      if (order.status !== 'pending_payment')
        throw new ConflictError(
          'conflict',
          order.status === 'cancelled'
            ? `Order ${order.number} was cancelled; place a new order to buy these items`
            : `Order ${order.number} is already paid`,
        );
      const payment = await payments
        .gateway(order.payment.provider)
        .begin(order, paymentUrls(c, config, order));
      return c.json({ payment }, 200);
    })
    .post('/:id/cancel', validate('param', orderIdParam), async (c) => {
      const user = c.get('user')!;
      const order = await store.orders.get(c.req.valid('param').id);
      // Only the shopper's own order; staff cancel through the admin routes, with a note of why.
      if (!order || order.uid !== user.uid) throw new NotFoundError('Order');
      const cancelled = await cancelOrder({ orders: store.orders, payments }, order, {
        type: 'cancel',
        by: 'shopper',
      });
      return c.json({ order: orderForShopper(cancelled), payment: null }, 200);
    });
};
