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
import { serverRenderer } from './server-render.js';
import { staticApp } from './static-apps.js';
import { storefrontPages } from './storefront-pages.js';

/**
 * The whole HTTP surface: the API under /api, robots.txt and the sitemap, images, the admin app under
 * /admin/ and the storefront.
 */
export function createApp(appDeps: AppDeps) {
  // One catalogue index for the API's listings and the sitemap.
  const deps = { ...appDeps, catalogue: appDeps.catalogue ?? new CatalogueIndex(appDeps.store.products) };
  const api = createApi(deps);
  const app = new Hono<AppEnv>()
    .use(securityHeaders(deps.config))
    .use(loopbackHostsOnly(deps.config))
    .use(compression())
    .route('/api', api)
    .route('/', crawlerRoutes(deps.config, deps.catalogue));
  if (deps.imagesDir) app.route('/images', imagesRoute(deps.imagesDir));
  if (deps.webDist) {
    if (deps.webDist.admin) {
      app.get('/admin', (c) => c.redirect('/admin/', 301));
      app.route('/admin', staticApp(deps.webDist.admin, '/admin'));
    }
    // Pages rendered on the server read the API in-process: its routes as the browser's requests meet
    // them, without the headers and compression meant for answers that leave the server.
    const internal = new Hono<AppEnv>().route('/api', api);
    const content = serverRenderer(deps.webDist.renderer, (input, init, env) =>
      internal.request(input, init, env),
    );
    app.route(
      '/',
      staticApp(
        deps.webDist.storefront,
        '/',
        storefrontPages(deps.config, deps.store, deps.catalogue, content),
      ),
    );
  }
  return app;
}
