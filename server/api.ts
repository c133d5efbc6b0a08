import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_JSON_BODY_BYTES } from '../shared/domain/constants.js';
import type { AppDeps } from './deps.js';
import type { AppEnv } from './env.js';
import { errorResponse, handleError } from './errors.js';
import { adminProductRoutes } from './routes/admin-products.js';
import { configRoutes } from './routes/config.js';
import { healthRoutes } from './routes/health.js';
import { productRoutes } from './routes/products.js';

export function createApi(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(
      bodyLimit({
        maxSize: MAX_JSON_BODY_BYTES,
        onError: (c) => errorResponse(c, 'too-large', 'The request body is larger than 1 MB'),
      }),
    )
    .route('/health', healthRoutes(deps))
    .route('/config', configRoutes(deps))
    .route('/products', productRoutes(deps))
    .route('/admin/products', adminProductRoutes(deps))
    .all('*', (c) => errorResponse(c, 'not-found', `No API route ${c.req.method} ${c.req.path}`))
    .onError(handleError);
}

export type ApiType = ReturnType<typeof createApi>;
