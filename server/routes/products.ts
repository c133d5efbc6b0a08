import { Hono } from 'hono';
import { z } from 'zod';
import { NotFoundError } from '../../shared/domain/errors.js';
import type { Product } from '../../shared/domain/product.js';
import { cachedCatalogueJson } from '../catalogue-cache.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { identify } from '../middleware/auth.js';
import { validate } from '../validate.js';

/** The shoppers' list as served (pre-serialised, so typed here for the client). */
type ProductList = { products: Product[] };

export const productIdParam = z.object({ id: z.string().min(1).max(128) });

/** Shoppers' catalogue: the list is serialised once per change of the store and served with an ETag. */
export const productRoutes = ({ store, auth }: AppDeps) =>
  new Hono<AppEnv>()
    .get(
      '/',
      cachedCatalogueJson(
        store,
        'p',
        async (): Promise<ProductList> => ({ products: await store.products.listAvailable() }),
      ),
    )
    .get('/:id', identify(auth), validate('param', productIdParam), async (c) => {
      const product = await store.products.get(c.req.valid('param').id);
      if (!product || (!product.available && !c.get('user')?.isAdmin)) throw new NotFoundError('Product');
      return c.json({ product }, 200);
    });
