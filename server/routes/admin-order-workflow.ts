import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { orderExportQuery, shipManyBody } from '../../shared/api/order-workflow-schemas.js';
import { orderExportText } from '../../shared/backend/orders/order-export.js';
import { orderPagesPlaced } from '../../shared/backend/orders/order-pages.js';
import { markOrdersSeen, ordersSeenAt, unseenOrders } from '../../shared/backend/orders/orders-seen.js';
import { shipManyFromCsv } from '../../shared/backend/orders/ship-many.js';
import { ShipmentCsvError } from '../../shared/backend/orders/shipment-csv.js';
import { ShopError } from '../../shared/domain/errors.js';
import { readsWholeOrders } from '../../shared/domain/order-shipping-view.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { requireStaff } from '../middleware/staff.js';
import { validate } from '../validate.js';

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' };

/**
 * Staff's work on many orders at once: the new-order badge, the export and shipping from a CSV.
 * Mounted before adminOrderRoutes, whose `/:id` would take these paths; each route checks its caller
 * itself (requireStaff: full admins, and fulfilment staff, who read orders' shipping view and ship them).
 */
export const adminOrderWorkflowRoutes = ({ store, auth }: AppDeps) =>
  new Hono<AppEnv>()
    .get('/unseen', requireStaff(auth, 'orders:read'), async (c) => {
      const uid = c.get('user')!.uid;
      const seenAt = await ordersSeenAt(store, uid);
      // Polled by every admin page: an unchanged answer is a 304 without reading an order.
      const whose = createHash('sha256').update(uid).digest('base64url').slice(0, 12);
      const etag = `W/"unseen-${await store.orders.changeToken()}-${whose}-${seenAt ?? 0}"`;
      c.header('etag', etag);
      c.header('cache-control', 'private, no-cache');
      if (c.req.header('if-none-match') === etag) return c.body(null, 304);
      return c.json(await unseenOrders(store, seenAt), 200);
    })
    .post('/seen', requireStaff(auth, 'orders:read'), async (c) => {
      const uid = c.get('user')!.uid;
      await markOrdersSeen(store, uid, Date.now());
      return c.json(await unseenOrders(store, await ordersSeenAt(store, uid)), 200);
    })
    .get('/export', requireStaff(auth, 'orders:read'), validate('query', orderExportQuery), (c) => {
      const { from, to, format } = c.req.valid('query');
      const view = readsWholeOrders(c.get('user')!.role) ? 'whole' : 'shipping';
      const text = orderExportText(orderPagesPlaced(store.orders, { from, to }), format, view);
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = await text.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        },
        async cancel() {
          await text.return(undefined);
        },
      });
      const name = `orders${from ? `-from-${from}` : ''}${to ? `-to-${to}` : ''}.${format}`;
      c.header('content-type', CONTENT_TYPES[format]);
      c.header('content-disposition', `attachment; filename="${name}"`);
      c.header('cache-control', 'private, no-store');
      return c.body(body, 200);
    })
    .post('/ship-many', requireStaff(auth, 'orders:ship'), validate('json', shipManyBody), async (c) => {
      const { csv, skipInvalid } = c.req.valid('json');
      const report = await shipManyFromCsv(store.orders, csv, { skipInvalid }).catch((error) => {
        if (error instanceof ShipmentCsvError) throw new ShopError('invalid-input', error.message);
        throw error;
      });
      if (report.rejected > 0 && !skipInvalid)
        throw new ShopError(
          'invalid-input',
          `${report.rejected} of ${report.rows.length} rows cannot be shipped; nothing was shipped`,
          { report },
        );
      return c.json(report, 200);
    });
