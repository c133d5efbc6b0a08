import { Hono } from 'hono';
import { shopSettingsPatchSchema } from '../../shared/api/report-schemas.js';
import { readCheckoutLimits, writeCheckoutLimits } from '../../shared/backend/settings/checkout-limits.js';
import {
  readShopRates,
  type ShopRates,
  writeShippingConfig,
  writeTaxConfig,
} from '../../shared/backend/settings/rate-settings.js';
import {
  readShopSettings,
  type ShopSettings,
  writeShopSettings,
} from '../../shared/backend/settings/shop-settings.js';
import { shippingConfigSchema } from '../../shared/domain/shipping-rates.js';
import { taxConfigSchema } from '../../shared/domain/tax-rates.js';
import { type CheckoutLimits, checkoutLimitsPatchSchema } from '../../shared/domain/unpaid-orders.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { requireAdmin } from '../middleware/auth.js';
import { validate } from '../validate.js';

/** The shop's settings staff change (kept in the store, shared by every instance and the CLI). */
export const adminSettingsRoutes = ({ store, auth }: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireAdmin(auth))
    .get('/', async (c) => {
      const settings: ShopSettings = await readShopSettings(store.meta);
      return c.json({ settings }, 200);
    })
    .patch('/', validate('json', shopSettingsPatchSchema), async (c) => {
      const settings: ShopSettings = await writeShopSettings(store, c.req.valid('json'));
      return c.json({ settings }, 200);
    })
    .get('/rates', async (c) => {
      const rates: ShopRates = await readShopRates(store.meta);
      c.header('cache-control', 'private, no-cache');
      return c.json(rates, 200);
    })
    .put('/shipping', validate('json', shippingConfigSchema), async (c) => {
      await writeShippingConfig(store, c.req.valid('json'));
      return c.json(await readShopRates(store.meta), 200);
    })
    .put('/tax', validate('json', taxConfigSchema), async (c) => {
      await writeTaxConfig(store, c.req.valid('json'));
      return c.json(await readShopRates(store.meta), 200);
    })
    .get('/checkout-limits', async (c) => {
      const limits: CheckoutLimits = await readCheckoutLimits(store.meta);
      return c.json({ limits }, 200);
    })
    .patch('/checkout-limits', validate('json', checkoutLimitsPatchSchema), async (c) => {
      const limits: CheckoutLimits = await writeCheckoutLimits(store, c.req.valid('json'));
      return c.json({ limits }, 200);
    });
