import { Hono, type TypedResponse } from 'hono';
import { z } from 'zod';
import { NotFoundError } from '../../shared/domain/errors.js';
import type { Product } from '../../shared/domain/product.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { identify } from '../middleware/auth.js';
import { requestHeader } from '../request-header.js';
import { validate } from '../validate.js';

/** The shoppers' list as served (pre-serialised, so typed here for the client). */
type ProductList = { products: Product[] };

export const productIdParam = z.object({ id: z.string().min(1).max(128) });

/**
 * Shoppers' catalogue. The list is serialised once per change of the store (the change token also
 * notices writes from the CLI) and served with an ETag, so repeat requests cost almost nothing.
 */
export const productRoutes = ({ store, auth }: AppDeps) => {
  let cached: { token: string; body: Uint8Array<ArrayBuffer>; etag: string } | null = null;

  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const token = await store.products.changeToken();
      if (cached?.token !== token) {
        const body = new TextEncoder().encode(
          JSON.stringify({ products: await store.products.listAvailable() } satisfies ProductList),
        );
        cached = { token, body, etag: `W/"p-${token}-${body.length}"` };
      }
      c.header('etag', cached.etag);
      if (requestHeader(c, 'if-none-match') === cached.etag) return c.body(null, 304);
      c.header('cache-control', 'no-cache');
      c.header('content-type', 'application/json; charset=utf-8');
      // Pre-serialised JSON of a ProductList, typed so for the client.
      return c.body(cached.body, 200) as unknown as Response & TypedResponse<ProductList, 200, 'json'>;
    })
    .get('/:id', identify(auth), validate('param', productIdParam), async (c) => {
      const product = await store.products.get(c.req.valid('param').id);
      if (!product || (!product.available && !c.get('user')?.isAdmin)) throw new NotFoundError('Product');
      return c.json({ product }, 200);
    });
};
