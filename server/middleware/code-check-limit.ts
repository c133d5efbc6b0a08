import { createMiddleware } from 'hono/factory';
import type { ShopConfig } from '../../shared/backend/config.js';
import { ShopError } from '../../shared/domain/errors.js';
import type { AppEnv } from '../env.js';
import { clientAddress } from './client-address.js';

/** Different codes one client address, and one account, may try in a window. */
const CODES_PER_WINDOW = 10;
const WINDOW_MS = 60_000;

/** The distinct values each key tried in its current fixed window, kept in memory (as rateLimit's counts). */
class DistinctPerWindow {
  private readonly windows = new Map<string, { values: Set<string>; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  private current(key: string, now: number) {
    if (this.windows.size > 10_000)
      for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { values: new Set(), resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    return window;
  }

  /** Seconds until `key` may try `value` (0: now). A value already tried this window is free again. */
  waitSeconds(key: string, value: string, now: number): number {
    const window = this.current(key, now);
    if (window.values.has(value) || window.values.size < this.limit) return 0;
    return Math.ceil((window.resetAt - now) / 1000);
  }

  add(key: string, value: string, now: number): void {
    this.current(key, now).values.add(value);
  }
}

/**
 * Limits discount-code look-ups (the quote and the checkout share one allowance) per client address
 * and per signed-in account, so that codes cannot be found by guessing: an 11th different code in a
 * minute gets 429 with Retry-After, before anything is looked up. A shopper re-pricing their cart
 * with the code they already applied spends nothing more. Put it after the body's validator and
 * after the middleware that identifies the caller.
 */
export function codeCheckLimit(config: Pick<ShopConfig, 'clientIpHeader'>) {
  const tried = new DistinctPerWindow(CODES_PER_WINDOW, WINDOW_MS);
  return createMiddleware<AppEnv, string, { out: { json: { discountCode?: string | undefined } } }>(
    async (c, next) => {
      const { discountCode } = c.req.valid('json');
      if (discountCode === undefined) return next();
      const uid = c.get('user')?.uid;
      const keys = [`address:${clientAddress(c, config.clientIpHeader)}`, ...(uid ? [`account:${uid}`] : [])];
      const now = Date.now();
      const wait = Math.max(...keys.map((key) => tried.waitSeconds(key, discountCode, now)));
      if (wait > 0) {
        c.header('retry-after', String(wait));
        throw new ShopError(
          'rate-limited',
          'Too many discount codes tried; please wait a minute and try again',
        );
      }
      for (const key of keys) tried.add(key, discountCode, now);
      await next();
    },
  );
}
