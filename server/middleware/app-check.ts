import type { App } from 'firebase-admin/app';
import { getAppCheck } from 'firebase-admin/app-check';
import { createMiddleware } from 'hono/factory';
import { errorResponse } from '../errors.js';
import { isServerRender } from '../server-render.js';

/** Resolves when the token is a valid App Check token of this project; rejects otherwise. */
export type AppCheckVerifier = (token: string) => Promise<unknown>;

const APP_CHECK_HEADER = 'X-Firebase-AppCheck';

/** firebase-admin's verification: signature against App Check's published keys, project, expiry. */
export function firebaseAppCheckVerifier(app: App): AppCheckVerifier {
  const appCheck = getAppCheck(app);
  return (token) => appCheck.verifyToken(token);
}

/**
 * Calls that cannot carry a token: the apps read /api/config to learn how to get one, health checks
 * come from monitors, and Stripe's webhook is authenticated by its own signature.
 */
const EXEMPT = new Set([
  'GET /api/config',
  'GET /api/health',
  'HEAD /api/health',
  'POST /api/payments/stripe/webhook',
]);

/** Refuses API calls without a valid X-Firebase-AppCheck token (SHOP_APP_CHECK=enforce). */
export function requireAppCheck(verify: AppCheckVerifier) {
  return createMiddleware(async (c, next) => {
    if (EXEMPT.has(`${c.req.method} ${c.req.path.replace(/\/+$/, '')}`)) return next();
    // A page the server renders reads the public catalogue in-process, as the shop itself.
    if (isServerRender(c)) return next();
    const token = c.req.header(APP_CHECK_HEADER);
    if (!token) {
      return errorResponse(
        c,
        'unauthenticated',
        `This shop only answers its own apps: the request has no App Check token (${APP_CHECK_HEADER} header)`,
      );
    }
    try {
      await verify(token);
    } catch {
      return errorResponse(
        c,
        'unauthenticated',
        'The App Check token is invalid or expired; reload the page and try again',
      );
    }
    return next();
  });
}
