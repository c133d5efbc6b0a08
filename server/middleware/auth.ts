import { createMiddleware } from 'hono/factory';
import type { AuthService } from '../../shared/backend/auth/auth-service.js';
import { ShopError } from '../../shared/domain/errors.js';
import type { AppEnv } from '../env.js';

function bearerToken(header: string | undefined): string | null | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

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

async function verifiedUser(auth: AuthService, header: string | undefined, checkRevoked: boolean) {
  const token = bearerToken(header);
  if (token === undefined) throw new ShopError('unauthenticated', 'Sign in required');
  if (token === null)
    throw new ShopError('unauthenticated', 'The Authorization header must be "Bearer <ID token>"');
  return auth.verify(token, { checkRevoked });
}

export function requireUser(auth: AuthService) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('user', await verifiedUser(auth, c.req.header('authorization'), false));
    await next();
  });
}

/** Admin routes: a valid, unrevoked token whose isAdmin claim is true. */
export function requireAdmin(auth: AuthService) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = await verifiedUser(auth, c.req.header('authorization'), true);
    if (!user.isAdmin) throw new ShopError('forbidden', 'Admins only');
    c.set('user', user);
    await next();
  });
}
