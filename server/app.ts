import { Hono } from 'hono';
import { CatalogueIndex } from '../shared/backend/catalogue/catalogue-index.js';
import { createApi } from './api.js';
import { crawlerRoutes } from './crawler-routes.js';
import type { AppDeps } from './deps.js';
import type { AppEnv } from './env.js';
import { imagesRoute } from './images-route.js';
import { compression } from './middleware/compression.js';
import { loopbackHostsOnly } from './middleware/loopback-host.js';
import { securityHeaders } from './middleware/security-headers.js';
import { staticApp } from './static-apps.js';
import { storefrontPages } from './storefront-pages.js';

/**
 * The whole HTTP surface: the API under /api, robots.txt and the sitemap, images, the admin app under
 * /admin/ and the storefront.
 */
export function createApp(appDeps: AppDeps) {
  // One catalogue index for the API's listings and the sitemap.
  const deps = { ...appDeps, catalogue: appDeps.catalogue ?? new CatalogueIndex(appDeps.store.products) };
  const app = new Hono<AppEnv>()
    .use(securityHeaders(deps.config))
    .use(loopbackHostsOnly(deps.config))
    .use(compression())
    .route('/api', createApi(deps))
    .route('/', crawlerRoutes(deps.config, deps.catalogue));
  if (deps.imagesDir) app.route('/images', imagesRoute(deps.imagesDir));
  if (deps.webDist) {
    if (deps.webDist.admin) {
      app.get('/admin', (c) => c.redirect('/admin/', 301));
      app.route('/admin', staticApp(deps.webDist.admin, '/admin'));
    }
    app.route(
      '/',
      staticApp(deps.webDist.storefront, '/', storefrontPages(deps.config, deps.store, deps.catalogue)),
    );
  }
  return app;
}
