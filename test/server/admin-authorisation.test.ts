import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProductSchema } from '../../shared/domain/product.js';
import { adminAuth, signIn, signUp, signUpAdmin, type TestUser } from '../support/auth-users.js';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.js';

let t: TestApp;
let shopper: TestUser;
let admin: TestUser;
let productId: string;

beforeAll(async () => {
  t = createTestApp();
  [shopper, admin] = await Promise.all([signUp(), signUpAdmin()]);
});
afterAll(() => t.close());

const routes: { name: string; method: string; path: () => string; body?: () => unknown; ok: number }[] = [
  { name: 'list all', method: 'GET', path: () => '/api/admin/products', ok: 200 },
  {
    name: 'create',
    method: 'POST',
    path: () => '/api/admin/products',
    body: () => ({ name: `Authz ${Math.random()}`, price: 12 }),
    ok: 201,
  },
  {
    name: 'update',
    method: 'PATCH',
    path: () => `/api/admin/products/${productId}`,
    body: () => ({ price: 13 }),
    ok: 200,
  },
  {
    name: 'set availability',
    method: 'PUT',
    path: () => `/api/admin/products/${productId}/availability`,
    body: () => ({ available: false }),
    ok: 200,
  },
  { name: 'delete', method: 'DELETE', path: () => `/api/admin/products/${productId}`, ok: 204 },
];

describe.each(routes)('admin route: $name', (route) => {
  const call = (token?: string, rawAuthorization?: string) => {
    const init = jsonRequest(route.method, route.body?.(), token);
    if (rawAuthorization) (init.headers as Record<string, string>).authorization = rawAuthorization;
    return t.app.request(route.path(), init);
  };

  beforeAll(async () => {
    productId = (
      await t.store.products.add(newProductSchema.parse({ name: `Target ${route.name}`, price: 9 }))
    ).id;
  });

  it('401 without a token', async () => {
    const response = await call();
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: 'unauthenticated', message: 'Sign in required' },
    });
  });

  it('401 with a malformed or forged token', async () => {
    expect((await call(undefined, 'Token abc')).status).toBe(401);
    expect((await call('not-a-jwt')).status).toBe(401);
  });

  it('403 for a signed-in shopper', async () => {
    const response = await call(shopper.idToken);
    expect(response.status).toBe(403);
    expect((await response.json()).error).toEqual({ code: 'forbidden', message: 'Admins only' });
  });

  it(`${route.ok} for an admin`, async () => {
    expect((await call(admin.idToken)).status).toBe(route.ok);
  });
});

describe('admin sessions', () => {
  it('refuses an admin token once the user’s sessions are revoked', async () => {
    const revoked = await signUpAdmin();
    expect(
      (await t.app.request('/api/admin/products', jsonRequest('GET', undefined, revoked.idToken))).status,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 1100)); // revocation is recorded with one-second precision
    await adminAuth().revokeRefreshTokens(revoked.uid);
    const response = await t.app.request(
      '/api/admin/products',
      jsonRequest('GET', undefined, revoked.idToken),
    );
    expect(response.status).toBe(401);
    const fresh = await signIn(revoked.email, revoked.password);
    expect((await t.app.request('/api/admin/products', jsonRequest('GET', undefined, fresh))).status).toBe(
      200,
    );
  });

  it('takes the isAdmin claim from the token, so a removed claim needs a new token to apply', async () => {
    const user = await signUpAdmin();
    await adminAuth().setCustomUserClaims(user.uid, {});
    const fresh = await signIn(user.email, user.password);
    expect((await t.app.request('/api/admin/products', jsonRequest('GET', undefined, fresh))).status).toBe(
      403,
    );
  });
});
