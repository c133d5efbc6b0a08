import { Hono } from 'hono';
import { z } from 'zod';
import { findLot } from '../../shared/backend/lots/find-lot.js';
import { NotFoundError } from '../../shared/domain/errors.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { validate } from '../validate.js';
import { productIdParam } from './products.js';

const lotNumberParam = z.object({ lotNumber: z.string().min(1).max(128) });

/** Public lookup of a lot by the number on a vial (any case), its product on sale or not. */
export const lotRoutes = ({ store }: AppDeps) =>
  new Hono<AppEnv>().get('/:lotNumber', validate('param', lotNumberParam), async (c) =>
    c.json(await findLot(store, c.req.valid('param').lotNumber), 200),
  );

/** A product's lots, most recently tested first; only for a product on sale, as its page is. */
export const productLotRoutes = ({ store }: AppDeps) =>
  new Hono<AppEnv>().get('/:id/lots', validate('param', productIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const product = await store.products.get(id);
    if (!product?.available) throw new NotFoundError('Product');
    return c.json({ lots: await store.lots.listForProduct(id) }, 200);
  });
