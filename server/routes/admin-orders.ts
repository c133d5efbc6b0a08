import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { cancelOrder } from '../../shared/backend/orders/cancel-order.js';
import { NotFoundError, ShopError } from '../../shared/domain/errors.js';
import { ORDER_FILTERS, trackingSchema } from '../../shared/domain/order.js';
import {
  DEFAULT_ORDER_QUERY,
  dayStartMs,
  ORDER_SEARCH_MAX_LENGTH,
  ORDER_SORTS,
  ORDERS_MAX_PER_PAGE,
  type OrderPage,
} from '../../shared/domain/order-listing.js';
import { orderForStaff, orderSortsFor, readsWholeOrders } from '../../shared/domain/order-shipping-view.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { requireAdmin } from '../middleware/auth.js';
import { requireStaff } from '../middleware/staff.js';
import { validate } from '../validate.js';
import { orderIdParam } from './orders.js';

const day = (name: string) =>
  z
    .string()
    .refine((value) => dayStartMs(value) !== null, `${name} must be a day written YYYY-MM-DD`)
    .optional();
const wholeNumber = (message: string) => z.coerce.number({ error: message }).int(message).min(1, message);
const listQuery = z.object({
  status: z.enum(ORDER_FILTERS, { error: 'Unknown status filter' }).default(DEFAULT_ORDER_QUERY.status),
  from: day('from'),
  to: day('to'),
  q: z
    .string()
    .trim()
    .max(ORDER_SEARCH_MAX_LENGTH, `Search must be at most ${ORDER_SEARCH_MAX_LENGTH} characters`)
    .default(''),
  sort: z.enum(ORDER_SORTS, { error: 'Unknown sort' }).default(DEFAULT_ORDER_QUERY.sort),
  page: wholeNumber('page must be a whole number from 1').default(1),
  perPage: wholeNumber(`perPage must be a whole number from 1 to ${ORDERS_MAX_PER_PAGE}`)
    .max(ORDERS_MAX_PER_PAGE, `perPage must be a whole number from 1 to ${ORDERS_MAX_PER_PAGE}`)
    .default(DEFAULT_ORDER_QUERY.perPage),
});
const markPaidBody = z.strictObject({ reference: z.string().trim().max(100).optional() });
const cancelBody = z.strictObject({ note: z.string().trim().max(300).optional() });

/**
 * Order handling for staff; each change is checked against the order's status (409 when not allowed).
 * Fulfilment staff may list, read and ship (requireStaff), and read orders' shipping view only
 * (shared/domain/order-shipping-view.ts); every other route is full admins' only.
 */
export const adminOrderRoutes = ({ store, auth, payments }: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireAdmin(auth))
    .get('/', requireStaff(auth, 'orders:read'), validate('query', listQuery), async (c) => {
      const query = c.req.valid('query');
      const { role } = c.get('user')!;
      if (!orderSortsFor(role).includes(query.sort))
        throw new ShopError('forbidden', 'Sorting by total is for full admins', { field: 'sort' });
      // The admin app polls this page; an unchanged orders token answers 304 without reading a row.
      // The view is in the tag, so a browser never revalidates a whole page cached before a change of role.
      const view = readsWholeOrders(role) ? 'whole' : 'shipping';
      const asked = createHash('sha256').update(JSON.stringify(query)).digest('base64url').slice(0, 16);
      const etag = `W/"orders-${await store.orders.changeToken()}-${asked}-${view}"`;
      c.header('etag', etag);
      c.header('cache-control', 'private, no-cache');
      if (c.req.header('if-none-match') === etag) return c.body(null, 304);
      // A search by e-mail would tell staff who may not read e-mails whose orders these are.
      const page: OrderPage = await store.orders.listPage(
        { ...query, from: query.from ?? '', to: query.to ?? '' },
        { matchEmail: view === 'whole' },
      );
      return c.json({ ...page, orders: page.orders.map((o) => orderForStaff(o, role)) }, 200);
    })
    .get('/:id', requireStaff(auth, 'orders:read'), validate('param', orderIdParam), async (c) => {
      const order = await store.orders.get(c.req.valid('param').id);
      if (!order) throw new NotFoundError('Order');
      return c.json({ order: orderForStaff(order, c.get('user')!.role) }, 200);
    })
    .post('/:id/mark-paid', validate('param', orderIdParam), validate('json', markPaidBody), async (c) => {
      const { reference } = c.req.valid('json');
      const order = await store.orders.markPaid(c.req.valid('param').id, {
        reference: reference || null,
        staffNote: `Marked paid by ${c.get('user')!.email ?? 'an admin'}`,
      });
      return c.json({ order, payment: null }, 200);
    })
    .post(
      '/:id/ship',
      requireStaff(auth, 'orders:ship'),
      validate('param', orderIdParam),
      validate('json', trackingSchema),
      async (c) => {
        const order = await store.orders.markShipped(c.req.valid('param').id, c.req.valid('json'));
        return c.json({ order: orderForStaff(order, c.get('user')!.role), payment: null }, 200);
      },
    )
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
