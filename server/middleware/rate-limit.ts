import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ClientIpHeader } from '../../shared/backend/config.js';
import { ShopError } from '../../shared/domain/errors.js';
import type { AppEnv } from '../env.js';
import { clientAddress } from './client-address.js';

/**
 * A fixed-window limit per client address (or per `key`, e.g. the signed-in user), kept in memory
 * (`limit` may be read per request, e.g. from the shop's settings):
 * enough to blunt a script hammering one instance; a hosted deployment with many instances adds its
 * edge's limits on top.
 */
export function rateLimit({
  limit,
  windowMs,
  message,
  clientIpHeader = null,
  key: keyOf = (c) => clientAddress(c, clientIpHeader),
}: {
  limit: number | ((c: Context<AppEnv>) => Promise<number>);
  windowMs: number;
  message: string;
  /** The config's clientIpHeader: where the client's address is read from when not the connection. */
  clientIpHeader?: ClientIpHeader | null;
  key?: (c: Context<AppEnv>) => string;
}) {
  const hits = new Map<string, { count: number; resetAt: number }>();
  return createMiddleware<AppEnv>(async (c, next) => {
    const now = Date.now();
    if (hits.size > 10_000) for (const [k, v] of hits) if (v.resetAt <= now) hits.delete(k);
    const key = keyOf(c);
    const entry = hits.get(key);
    if (!entry || entry.resetAt <= now) hits.set(key, { count: 1, resetAt: now + windowMs });
    else if (++entry.count > (typeof limit === 'number' ? limit : await limit(c))) {
      c.header('retry-after', String(Math.ceil((entry.resetAt - now) / 1000)));
      throw new ShopError('rate-limited', message);
    }
    await next();
  });
}
