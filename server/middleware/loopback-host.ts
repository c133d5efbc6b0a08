import { createMiddleware } from 'hono/factory';
import type { ShopConfig } from '../../shared/backend/config.js';
import { isLoopbackHost } from '../../shared/domain/loopback-host.js';
import type { AppEnv } from '../env.js';
import { errorResponse } from '../errors.js';

/** The host name of a Host header value (`name`, `name:port`, `[v6]`, `[v6]:port`). */
function hostOfHeader(value: string): string {
  const v6 = /^(\[[^\]]*\])(?::\d*)?$/.exec(value);
  return v6 ? v6[1]! : value.replace(/:\d*$/, '');
}

/**
 * In Auth emulator mode ID tokens are unsigned, so a web page that rebinds its own name to 127.0.0.1
 * could drive the shop as an admin. Browsers send that page's name as Host: anything not a loopback
 * name is refused, before any route (API, apps or images) runs. Both the Host header and the host
 * the request URL was built from (an absolute request target) must be loopback.
 */
export function loopbackHostsOnly(config: Pick<ShopConfig, 'authEmulatorHost'>) {
  if (!config.authEmulatorHost) return createMiddleware<AppEnv>((_c, next) => next());
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('host');
    const hosts = [new URL(c.req.url).hostname, ...(header === undefined ? [] : [hostOfHeader(header)])];
    if (!hosts.every(isLoopbackHost)) {
      return errorResponse(
        c,
        'misdirected',
        'This shop runs with the Auth emulator and answers only requests addressed to localhost or 127.0.0.1',
      );
    }
    return next();
  });
}
