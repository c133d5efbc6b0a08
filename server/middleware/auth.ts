import { createMiddleware } from 'hono/factory';
import type { AuthService } from '../../shared/backend/auth/auth-service.js';
import type { AppEnv } from '../env.js';
import { staffArea } from './staff.js';
import { bearerToken, requireVerifiedEmail, verifiedUser } from './verified-user.js';

/**
 * Identifies the caller when a token is sent. On public routes a bad or stale token is ignored so
 * browsing never breaks; routes that need a user say so with requireUser/requireAdmin.
 */
export function identify(auth: AuthService) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('user', null);
    const token = bearerToken(c.req.header('authorization'));
    if (token) c.set('user', await auth.verify(token).catch(() => null));
    await next();
  });
}

export function requireUser(auth: AuthService) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('user', await verifiedUser(auth, c.req.header('authorization'), false));
    await next();
  });
}

/** Routes that act on the shopper's e-mail (placing an order): a signed-in user whose address is verified. */
export function requireVerifiedUser(auth: AuthService, toDo: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = await verifiedUser(auth, c.req.header('authorization'), false);
    c.set('user', requireVerifiedEmail(user, toDo));
    await next();
  });
}

/**
 * Admin routes: a valid, unrevoked token whose isAdmin claim is true, or of other staff on a route that
 * opens itself to their role with requireStaff (middleware/staff.ts).
 */
export function requireAdmin(auth: AuthService) {
  return staffArea(auth);
}
