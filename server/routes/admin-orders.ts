import { Hono } from 'hono';
import { z } from 'zod';
import { cancelOrder } from '../../shared/backend/orders/cancel-order.js';
import { NotFoundError } from '../../shared/domain/errors.js';
import { ORDER_FILTERS, trackingSchema } from '../../shared/domain/order.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { requireAdmin } from '../middleware/auth.js';
import { validate } from '../validate.js';
import { orderIdParam } from './orders.js';

const listQuery = z.object({
  status: z.enum(ORDER_FILTERS, { error: 'Unknown status filter' }).default('all'),
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
});
const markPaidBody = z.strictObject({ reference: z.string().trim().max(100).optional() });
const cancelBody = z.strictObject({ note: z.string().trim().max(300).optional() });

/** Order handling for staff; each change is checked against the order's status (409 when not allowed). */
export const adminOrderRoutes = ({ store, auth, payments }: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireAdmin(auth))
    .get('/', validate('query', listQuery), async (c) => {
      const { status, search } = c.req.valid('query');
      const orders = await store.orders.list({ filter: status, ...(search ? { search } : {}) });
      return c.json({ orders }, 200);
    })
    .post('/:id/mark-paid', validate('param', orderIdParam), validate('json', markPaidBody), async (c) => {
      const { reference } = c.req.valid('json');
      const order = await store.orders.markPaid(c.req.valid('param').id, {
        reference: reference || null,
        note: `Marked paid by ${c.get('user')!.email ?? 'an admin'}`,
      });
      return c.json({ order, payment: null }, 200);
    })
    .post('/:id/ship', validate('param', orderIdParam), validate('json', trackingSchema), async (c) => {
      const order = await store.orders.markShipped(c.req.valid('param').id, c.req.valid('json'));
      return c.json({ order, payment: null }, 200);
    })
    .post('/:id/cancel', validate('param', orderIdParam), validate('json', cancelBody), async (c) => {
      const before = await store.orders.get(c.req.valid('param').id);
      if (!before) throw new NotFoundError('Order');
      const { note } = c.req.valid('json');
      const order = await cancelOrder({ orders: store.orders, payments }, before, {
        type: 'cancel',
        by: 'staff',
        ...(note ? { note } : {}),
      });
      return c.json({ order, payment: null }, 200);
    });
