import { Hono } from 'hono';
import { createApi } from './api.js';
import type { AppDeps } from './deps.js';
import type { AppEnv } from './env.js';
import { imagesRoute } from './images-route.js';
import { compression } from './middleware/compression.js';
import { loopbackHostsOnly } from './middleware/loopback-host.js';
import { securityHeaders } from './middleware/security-headers.js';
import { staticApp } from './static-apps.js';

/** The whole HTTP surface: the API under /api, images, the admin app under /admin/ and the storefront. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>()
    .use(securityHeaders(deps.config))
    .use(loopbackHostsOnly(deps.config))
    .use(compression())
    .route('/api', createApi(deps));
  if (deps.imagesDir) app.route('/images', imagesRoute(deps.imagesDir));
  if (deps.webDist) {
    app.get('/admin', (c) => c.redirect('/admin/', 301));
    app.route('/admin', staticApp(deps.webDist.admin, '/admin'));
    app.route('/', staticApp(deps.webDist.storefront, '/'));
  }
  return app;
}
