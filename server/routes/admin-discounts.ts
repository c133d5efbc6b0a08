import { Hono } from 'hono';
import { z } from 'zod';
import { discountCodeSchema, forStaff, newDiscountSchema } from '../../shared/domain/discount.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { requireAdmin } from '../middleware/auth.js';
import { validate } from '../validate.js';

const codeParam = z.object({ code: discountCodeSchema });
const activeBody = z.strictObject({ active: z.boolean({ error: 'active must be true or false' }) });

/**
 * Discount codes: staff create them, list them with their uses and state (why a shopper is told a code
 * "can't be used"), and switch them off (never delete: orders name them).
 */
export const adminDiscountRoutes = ({ store, auth }: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireAdmin(auth))
    .get('/', async (c) => {
      const now = Date.now();
      const discounts = (await store.discounts.list()).map((d) => forStaff(d, now));
      c.header('cache-control', 'private, no-cache');
      return c.json({ discounts }, 200);
    })
    .post('/', validate('json', newDiscountSchema), async (c) => {
      const discount = await store.discounts.create(c.req.valid('json'));
      return c.json({ discount: forStaff(discount, Date.now()) }, 201);
    })
    .put('/:code/active', validate('param', codeParam), validate('json', activeBody), async (c) => {
      const discount = await store.discounts.setActive(c.req.valid('param').code, c.req.valid('json').active);
      return c.json({ discount: forStaff(discount, Date.now()) }, 200);
    });
