import { Hono } from 'hono';
import { shopSettingsPatchSchema } from '../../shared/api/report-schemas.js';
import {
  readShopSettings,
  type ShopSettings,
  writeShopSettings,
} from '../../shared/backend/settings/shop-settings.js';
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
      const settings: ShopSettings = await writeShopSettings(store.meta, c.req.valid('json'));
      return c.json({ settings }, 200);
    });
