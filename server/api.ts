import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { firebaseApp } from '../shared/backend/auth/firebase-app.js';
import { MAX_JSON_BODY_BYTES } from '../shared/domain/constants.js';
import type { AppDeps, CatalogueDeps } from './deps.js';
import type { AppEnv } from './env.js';
import { errorResponse, handleError } from './errors.js';
import { firebaseAppCheckVerifier, requireAppCheck } from './middleware/app-check.js';
import { staffActor } from './middleware/staff-actor.js';
import { accountRoutes } from './routes/account.js';
import { adminAdminRoutes } from './routes/admin-admins.js';
import { adminAuditRoutes } from './routes/admin-audit.js';
import { adminDiscountRoutes } from './routes/admin-discounts.js';
import { adminImageRoutes } from './routes/admin-images.js';
import { adminLotRoutes } from './routes/admin-lots.js';
import { adminOrderWorkflowRoutes } from './routes/admin-order-workflow.js';
import { adminOrderRoutes } from './routes/admin-orders.js';
import { adminProductBulkRoutes } from './routes/admin-product-bulk.js';
import { adminProductRoutes } from './routes/admin-products.js';
import { adminReportRoutes } from './routes/admin-reports.js';
import { adminSettingsRoutes } from './routes/admin-settings.js';
import { checkoutRoutes } from './routes/checkout.js';
import { configRoutes } from './routes/config.js';
import { contactRoutes } from './routes/contact.js';
import { brandRoutes, categoryRoutes } from './routes/facets.js';
import { healthRoutes } from './routes/health.js';
import { lotRoutes, productLotRoutes } from './routes/lots.js';
import { orderRoutes } from './routes/orders.js';
import { productRoutes } from './routes/products.js';
import { stripeWebhookRoutes } from './routes/stripe-webhook.js';

const tooLarge = (c: Context) => errorResponse(c, 'too-large', 'The request body is larger than 1 MB');
const limitJsonBody = bodyLimit({ maxSize: MAX_JSON_BODY_BYTES, onError: tooLarge });

/** Uploads carry their own, larger limits. */
const UPLOAD_PATHS = new Set(['/api/admin/images', '/api/admin/lots']);

/** With SHOP_APP_CHECK=enforce, every API call but a few must carry a valid App Check token. */
function appCheckFor({ config, appCheck }: AppDeps) {
  if (!config.appCheck.enforce) return createMiddleware((_c, next) => next());
  return requireAppCheck(appCheck ?? firebaseAppCheckVerifier(firebaseApp(config)));
}

/** The API, its listings served from the app's one catalogue index (createApp makes it). */
export function createApi(deps: CatalogueDeps) {
  // The first build starts now, in the background; the first listing requests wait for it.
  deps.catalogue.refresh().catch(() => {});
  return new Hono<AppEnv>()
    .use(appCheckFor(deps))
    .use(async (c, next) => {
      // Only requests that carry a body are measured; touching the body of a GET would make the
      // Node adapter build a full Request object for nothing.
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
      if (c.req.method === 'POST' && UPLOAD_PATHS.has(c.req.path)) return next();
      // A declared length is judged by the header alone (Node reads no more than it declares):
      // bodyLimit would first touch the body, making the adapter build a whole Request for it.
      const length = c.req.header('content-length');
      if (length !== undefined && c.req.header('transfer-encoding') === undefined)
        return Number.parseInt(length, 10) > MAX_JSON_BODY_BYTES ? tooLarge(c) : next();
      return limitJsonBody(c, next);
    })
    .use('/admin/*', staffActor())
    .route('/health', healthRoutes(deps))
    .route('/config', configRoutes(deps))
    .route('/products', productRoutes(deps))
    .route('/categories', categoryRoutes(deps))
    .route('/brands', brandRoutes(deps))
    .route('/contact', contactRoutes(deps))
    .route('/account', accountRoutes(deps))
    .route('/checkout', checkoutRoutes(deps))
    .route('/orders', orderRoutes(deps))
    .route('/payments/stripe/webhook', stripeWebhookRoutes(deps))
    .route('/admin/products/bulk', adminProductBulkRoutes(deps))
    .route('/admin/products', adminProductRoutes(deps))
    .route('/admin/orders', adminOrderWorkflowRoutes(deps))
    .route('/admin/orders', adminOrderRoutes(deps))
    .route('/admin/images', adminImageRoutes(deps))
    .route('/admin/admins', adminAdminRoutes(deps))
    .route('/admin/reports', adminReportRoutes(deps))
    .route('/admin/settings', adminSettingsRoutes(deps))
    .route('/admin/discounts', adminDiscountRoutes(deps))
    .route('/products', productLotRoutes(deps))
    .route('/lots', lotRoutes(deps))
    .route('/admin/lots', adminLotRoutes(deps))
    .route('/admin/audit', adminAuditRoutes(deps))
    .all('*', (c) => errorResponse(c, 'not-found', `No API route ${c.req.method} ${c.req.path}`))
    .onError((error, c) => handleError(error, c, deps.config.dataDir));
}

/** The routes' types, which the apps' client (shared/api/client.ts) is typed by. */
export type ApiType = ReturnType<typeof createApi>;
