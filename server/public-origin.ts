import type { Context } from 'hono';
import type { ShopConfig } from '../shared/backend/config.js';

/**
 * The shop's address for canonical links, the sitemap and robots.txt: SHOP_PUBLIC_URL when set,
 * else the address the request was made to (a shop started on port 0 only knows its port then).
 */
export const publicOrigin = (config: Pick<ShopConfig, 'publicUrl'>, c: Context): string =>
  config.publicUrl ?? new URL(c.req.url).origin;
