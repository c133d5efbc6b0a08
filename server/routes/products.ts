import { Hono } from 'hono';
import { z } from 'zod';
import { NotFoundError } from '../../shared/domain/errors.js';
import type { Product } from '../../shared/domain/product.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { fastHeaders, fastResponse, requestHeader } from '../fast-response.js';
import { identify } from '../middleware/auth.js';
import { validate } from '../validate.js';

/** The shoppers' list as served (pre-serialised, so typed here for the client). */
type ProductList = { products: Product[] };

export const productIdParam = z.object({ id: z.string().min(1).max(128) });

/**
 * Shoppers' catalogue. The list is serialised once per change of the store (the change token also
 * notices writes from the CLI) and served with an ETag, so repeat requests cost almost nothing.
 */
export const productRoutes = ({ store, auth }: AppDeps) => {
  let cached: {
    token: string;
    body: Uint8Array<ArrayBuffer>;
    etag: string;
    headers: Record<string, string>;
  } | null = null;

  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const token = await store.products.changeToken();
      if (cached?.token !== token) {
        const list: ProductList = { products: await store.products.listAvailable() };
        const body = new TextEncoder().encode(JSON.stringify(list));
        const etag = `W/"p-${token}-${body.length}"`;
        const headers = fastHeaders(c, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-cache',
          etag,
        });
        cached = { token, body, etag, headers };
      }
      if (requestHeader(c, 'if-none-match') === cached.etag) {
        c.header('etag', cached.etag);
        return c.body(null, 304);
      }
      return fastResponse<ProductList>(c, cached.body, cached.headers);
    })
    .get('/:id', identify(auth), validate('param', productIdParam), async (c) => {
      const product = await store.products.get(c.req.valid('param').id);
      if (!product || (!product.available && !c.get('user')?.isAdmin)) throw new NotFoundError('Product');
      return c.json({ product }, 200);
    });
};
