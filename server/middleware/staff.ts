import type { Context, Handler, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import { COMPOSED_HANDLER } from 'hono/utils/constants';
import type { AuthService, AuthUser } from '../../shared/backend/auth/auth-service.js';
import { ShopError } from '../../shared/domain/errors.js';
import { roleMay, type StaffPermission } from '../../shared/domain/staff-role.js';
import type { AppEnv } from '../env.js';
import { requireVerifiedEmail, verifiedUser } from './verified-user.js';

/** The permission each requireStaff middleware declares for the route it is part of. */
const declared = new WeakMap<Handler | MiddlewareHandler, StaffPermission>();
/** Requests whose caller requireAdmin already verified (revocation checked), so it is done once. */
const verifiedStaff = new WeakMap<Context, AuthUser>();

const forbidden = () => new ShopError('forbidden', 'Admins only');
/** Staff act under their e-mail (audit, order notes): only an address they proved they own will do. */
const revocationChecked = async (auth: AuthService, c: Context) =>
  requireVerifiedEmail(await verifiedUser(auth, c.req.header('authorization'), true), 'use the admin area');

/** A handler as registered, under the wrappers app.route() puts around a sub-app's handlers. */
function unwrapped(handler: Handler | MiddlewareHandler) {
  let current = handler as (Handler | MiddlewareHandler) & { [COMPOSED_HANDLER]?: Handler };
  while (!declared.has(current) && current[COMPOSED_HANDLER]) current = current[COMPOSED_HANDLER];
  return current;
}

/**
 * The permission that the route which will answer this request declares with requireStaff, if any:
 * the first matched route after the calling middleware that is no `use()` middleware, and the
 * handlers registered with it.
 */
function permissionOfAnsweringRoute(c: Context): StaffPermission | undefined {
  const routes = matchedRoutes(c);
  const start = routes.findIndex((route, i) => i > c.req.routeIndex && route.method !== 'ALL');
  const answering = routes[start];
  if (!answering) return undefined;
  for (let i = start; i < routes.length; i++) {
    const route = routes[i]!;
    if (route.method !== answering.method || route.path !== answering.path) break;
    const permission = declared.get(unwrapped(route.handler));
    if (permission) return permission;
  }
  return undefined;
}

/**
 * The staff check of every admin sub-app (`.use(requireAdmin(auth))` makes it): a valid, unrevoked token of
 * staff whom the table in shared/domain/staff-role.ts lets do what the answering route declares with
 * requireStaff. A route that declares nothing is for full admins only, so a new admin route is closed
 * to other staff until it says otherwise.
 */
export function staffArea(auth: AuthService) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = await revocationChecked(auth, c);
    if (!user.isAdmin) {
      const permission = permissionOfAnsweringRoute(c);
      if (!permission || !roleMay(user.role, permission)) throw forbidden();
    }
    verifiedStaff.set(c, user);
    c.set('user', user);
    await next();
  });
}

/**
 * Opens one admin route to staff whose role holds `permission` (full admins hold all): put it first
 * among the route's handlers, `.post('/:id/ship', requireStaff(auth, 'orders:ship'), ...)`. It checks
 * the caller itself too, so it also guards a route outside an admin sub-app.
 */
export function requireStaff(auth: AuthService, permission: StaffPermission): MiddlewareHandler<AppEnv> {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    const user = verifiedStaff.get(c) ?? (await revocationChecked(auth, c));
    if (!roleMay(user.role, permission)) throw forbidden();
    c.set('user', user);
    await next();
  });
  declared.set(middleware, permission);
  return middleware;
}
