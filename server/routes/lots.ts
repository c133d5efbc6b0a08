import { Hono } from 'hono';
import { z } from 'zod';
import { findLot } from '../../shared/backend/lots/find-lot.js';
import { NotFoundError } from '../../shared/domain/errors.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { rateLimit } from '../middleware/rate-limit.js';
import { validate } from '../validate.js';
import { productIdParam } from './products.js';

const lotNumberParam = z.object({ lotNumber: z.string().min(1).max(128) });

/**
 * Lot look-ups one client may make a minute: a shopper checks a vial or two, a script walks the numbers.
 * @internal
 */
export const LOT_LOOKUPS_PER_MINUTE = 30;

/** Public lookup of a lot by the number on a vial (any case), its product on sale or not. */
export const lotRoutes = ({ store, config }: AppDeps) =>
  new Hono<AppEnv>().get(
    '/:lotNumber',
    rateLimit({
      limit: LOT_LOOKUPS_PER_MINUTE,
      windowMs: 60_000,
      message: 'Too many lot look-ups; please try again in a minute',
      clientIpHeader: config.clientIpHeader,
    }),
    validate('param', lotNumberParam),
    async (c) => c.json(await findLot(store, c.req.valid('param').lotNumber), 200),
  );

/** A product's lots, most recently tested first; only for a product on sale, as its page is. */
export const productLotRoutes = ({ store }: AppDeps) =>
  new Hono<AppEnv>().get('/:id/lots', validate('param', productIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const product = await store.products.get(id);
    if (!product?.available) throw new NotFoundError('Product');
    return c.json({ lots: await store.lots.listForProduct(id) }, 200);
  });
