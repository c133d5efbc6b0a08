import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../server/env.js';
import { handleError } from '../../server/errors.js';
import { requireAdmin } from '../../server/middleware/auth.js';
import { requireStaff } from '../../server/middleware/staff.js';
import type { AuthService, AuthUser } from '../../shared/backend/auth/auth-service.js';

const users: Record<string, AuthUser> = {
  admin: { uid: 'a', email: 'a@test.example', emailVerified: true, isAdmin: true, role: 'admin' },
  packer: { uid: 'p', email: 'p@test.example', emailVerified: true, isAdmin: false, role: 'fulfilment' },
  shopper: { uid: 's', email: 's@test.example', emailVerified: true, isAdmin: false, role: null },
};

/** Verifies a token named after a user above, counting the verifications (each asks Auth about revocation). */
function fakeAuth() {
  const calls = { checkRevoked: 0 };
  const auth = {
    async verify(token: string, { checkRevoked = false } = {}) {
      if (checkRevoked) calls.checkRevoked += 1;
      return users[token]!;
    },
  } as unknown as AuthService;
  return { auth, calls };
}

/**
 * An admin sub-app as a route file writes one: an undeclared route registered before a declared one whose
 * path also matches it, mounted in a parent with its own error handler (which wraps the sub-app's handlers).
 */
function app(auth: AuthService) {
  const orders = new Hono<AppEnv>()
    .use(requireAdmin(auth))
    .get('/export', (c) => c.json({ route: 'export' }, 200))
    .get('/:id', requireStaff(auth, 'orders:read'), (c) => c.json({ route: 'one' }, 200))
    .post('/:id/refund', (c) => c.json({ route: 'refund' }, 200))
    .post('/:id/ship', requireStaff(auth, 'orders:ship'), (c) => c.json({ route: 'ship' }, 200));
  const api = new Hono<AppEnv>().route('/admin/orders', orders).onError((error, c) => handleError(error, c));
  return new Hono<AppEnv>().route('/api', api);
}

const call = (a: ReturnType<typeof app>, method: string, path: string, who: string) =>
  a.request(`/api/admin/orders${path}`, { method, headers: { authorization: `Bearer ${who}` } });

describe('requireAdmin with routes that open themselves with requireStaff', () => {
  it.each([
    ['GET', '/42', 200],
    ['POST', '/42/ship', 200],
    ['GET', '/export', 403],
    ['POST', '/42/refund', 403],
    ['DELETE', '/42', 403],
  ])(
    'fulfilment staff: %s %s → %i (a route that declares nothing is full admins’ only)',
    async (method, path, status) => {
      const response = await call(app(fakeAuth().auth), method, path, 'packer');
      expect(response.status).toBe(status);
    },
  );

  it('lets full admins use every route, and refuses shoppers each', async () => {
    const a = app(fakeAuth().auth);
    for (const [method, path] of [
      ['GET', '/export'],
      ['GET', '/42'],
      ['POST', '/42/refund'],
      ['POST', '/42/ship'],
    ] as const) {
      expect((await call(a, method, path, 'admin')).status).toBe(200);
      expect((await call(a, method, path, 'shopper')).status).toBe(403);
    }
  });

  it('answers the route that matched first: /export, not /:id', async () => {
    const response = await call(app(fakeAuth().auth), 'GET', '/export', 'admin');
    expect(await response.json()).toEqual({ route: 'export' });
  });

  it('verifies the caller once per request, revocation checked, whoever answers', async () => {
    const { auth, calls } = fakeAuth();
    await call(app(auth), 'POST', '/42/ship', 'packer');
    expect(calls.checkRevoked).toBe(1);
  });

  it('requireStaff guards a route outside an admin sub-app on its own', async () => {
    const { auth, calls } = fakeAuth();
    const lone = new Hono<AppEnv>()
      .get('/x', requireStaff(auth, 'orders:read'), (c) => c.json({}, 200))
      .onError((error, c) => handleError(error, c));
    const get = (who?: string) =>
      lone.request('/x', who ? { headers: { authorization: `Bearer ${who}` } } : {});
    expect((await get('packer')).status).toBe(200);
    expect((await get('shopper')).status).toBe(403);
    expect((await get()).status).toBe(401);
    expect(calls.checkRevoked).toBe(2);
  });
});
