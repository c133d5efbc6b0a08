import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDiscountSchema } from '../../shared/domain/discount.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { DEFAULT_SHIPPING_CONFIG } from '../../shared/domain/shipping-rates.js';
import { API_ROUTES, routeShape, unlistedRoutes } from '../support/api-routes.js';
import {
  adminAuth,
  signIn,
  signUp,
  signUpAdmin,
  signUpFulfilment,
  type TestUser,
} from '../support/auth-users.js';
import { TEST_ADDRESS } from '../support/constants.js';
import { TINY_PNG } from '../support/images.js';
import { bpcCoa } from '../support/lots.js';
import {
  type OrdersIn,
  orderFieldsOf,
  SHIPPING_COLUMNS,
  SHIPPING_KEYS,
  WHOLE_ORDER_COLUMNS,
  WHOLE_ORDER_KEYS,
} from '../support/order-views.js';
import { placeStoredOrder } from '../support/place-order.js';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.js';

let t: TestApp;
let shopper: TestUser;
let admin: TestUser;
let packer: TestUser;

beforeAll(async () => {
  t = createTestApp();
  [shopper, admin, packer] = await Promise.all([signUp(), signUpAdmin(), signUpFulfilment()]);
});
afterAll(() => t.close());

const newProduct = async (label: string) =>
  (
    await t.store.products.add(
      newProductSchema.parse({ name: `${label} ${randomUUID()}`, price: 9, stock: 5 }),
    )
  ).id;
const pendingOrder = async () => (await placeStoredOrder(t.store.orders, await newProduct('Ordered'), 1)).id;
const imageForm = () => {
  const form = new FormData();
  form.append('image', new Blob([TINY_PNG], { type: 'image/png' }), 'vial.png');
  return form;
};

const lotForm = async (productId: string) => {
  const form = new FormData();
  form.append('lotNumber', `HX-${randomUUID().slice(0, 8)}`);
  form.append('productId', productId);
  form.append('testedAt', '2026-11-01');
  form.append('purity', '99.2');
  form.append('coa', new Blob([await bpcCoa()], { type: 'application/pdf' }), 'coa.pdf');
  return form;
};
const storedLot = async () => {
  const productId = await newProduct('Tested');
  const product = (await t.store.products.get(productId))!;
  const lot = await t.store.lots.add({
    lotNumber: `HX-${randomUUID().slice(0, 8)}`.toUpperCase(),
    productId,
    variantId: product.variants[0]!.id,
    testedAt: '2026-11-01',
    purity: 99.1,
    coaUrl: 'https://lab.example/coa.pdf',
  });
  return lot.lotNumber;
};

/** What only full admins may read of the orders secretOrder places; fulfilment staff must see none of it. */
const secrets: string[] = [];

/**
 * A paid order carrying everything fulfilment staff must not read: the shopper's e-mail and uid, an
 * affiliate's code, the compliance record, a payment reference and a staff note; and a cold-packed size.
 */
const secretOrder = async () => {
  const tag = randomUUID().slice(0, 8);
  const product = await t.store.products.add(
    newProductSchema.parse({
      name: `Cold ${tag}`,
      options: [{ name: 'Size', values: ['5 mg'] }],
      variants: [{ sku: `COLD-${tag}`, options: { Size: '5 mg' }, price: 40, stock: 5, coldPack: true }],
    }),
  );
  const code = (
    await t.store.discounts.create(
      newDiscountSchema.parse({
        code: `AFF-${tag}`.toUpperCase(),
        type: 'percent',
        value: 5,
        affiliate: `Affiliate ${tag}`,
      }),
    )
  ).code;
  const email = `secret-${tag}@example.com`;
  const key = `idem-${tag}-secret-key`;
  const placed = await t.store.orders.place({
    uid: `uid-${tag}`,
    email,
    lines: [{ productId: product.id, quantity: 2 }],
    shippingAddress: { ...TEST_ADDRESS, line2: '' },
    paymentProvider: 'manual',
    idempotencyKey: key,
    compliance: { adult: true, researchUse: true, minimumAge: 21, termsVersion: '2026-11-01' },
    discountCode: code,
  });
  const reference = `REF-${tag}`;
  const staffNote = `Staff only ${tag}`;
  await t.store.orders.markPaid(placed.order.id, { reference, staffNote });
  secrets.push(email, `uid-${tag}`, key, code, `Affiliate ${tag}`, reference, staffNote);
  return placed.order.id;
};

const newCode = () => `AUTHZ-${randomUUID().slice(0, 8).toUpperCase()}`;
const storedCode = async () =>
  (await t.store.discounts.create(newDiscountSchema.parse({ code: newCode(), type: 'percent', value: 5 })))
    .code;

/** An entry of the audit log, written by the admin's own change of a product. */
const auditEntry = async () => {
  const productId = await newProduct('Audited');
  await t.app.request(`/api/admin/products/${productId}`, jsonRequest('PATCH', { price: 10 }, admin.idToken));
  const [entry] = (await t.store.audit.list({ entityId: productId, limit: 1 })).entries;
  return entry!.id;
};

interface AdminRoute {
  name: string;
  method: string;
  /** Makes what the admin's call acts on (a product, an order, an account); its id or e-mail. */
  target?: () => Promise<string>;
  path: (target: string) => string;
  body?: (target: string) => unknown;
  ok: number;
  /**
   * What fulfilment staff (role claim "fulfilment") get: `ok` with a target of their own, or 403. A new
   * admin route is refused to them unless it opens itself with requireStaff (server/middleware/staff.ts).
   */
  fulfilment: 'allowed' | 'refused';
  /** For a route answering orders, how: fulfilment staff must get their shipping view, full admins them whole. */
  orders?: OrdersIn;
}

/** Every route under /api/admin, each with input that succeeds for an admin. */
const routes: AdminRoute[] = [
  {
    name: 'products: list all',
    method: 'GET',
    path: () => '/api/admin/products',
    ok: 200,
    fulfilment: 'refused',
  },
  {
    name: 'products: open one',
    method: 'GET',
    target: () => newProduct('Opened'),
    path: (id) => `/api/admin/products/${id}`,
    ok: 200,
    fulfilment: 'refused',
  },
  {
    name: 'products: create',
    method: 'POST',
    path: () => '/api/admin/products',
    body: () => ({ name: `Authz ${randomUUID()}`, price: 12 }),
    ok: 201,
    fulfilment: 'refused',
  },
  {
    name: 'products: update',
    method: 'PATCH',
    target: () => newProduct('Updated'),
    path: (id) => `/api/admin/products/${id}`,
    body: () => ({ price: 13 }),
    ok: 200,
    fulfilment: 'refused',
  },
  {
    name: 'products: update one size',
    method: 'PATCH',
    target: async () => {
      const product = (await t.store.products.get(await newProduct('Sized')))!;
      return `${product.id} ${product.variants[0]!.id}`;
    },
    path: (target) => {
      const [id, variantId = ':variantId'] = target.split(' ');
      return `/api/admin/products/${id}/variants/${variantId}`;
    },
    body: () => ({ stock: 4 }),
    ok: 200,
    fulfilment: 'refused',
  },
  {
    name: 'products: set availability',
    method: 'PUT',
    target: () => newProduct('Paused'),
    path: (id) => `/api/admin/products/${id}/availability`,
    body: () => ({ available: false }),
    ok: 200,
    fulfilment: 'refused',
  },
  {
    name: 'products: delete',
    method: 'DELETE',
    target: () => newProduct('Deleted'),
    path: (id) => `/api/admin/products/${id}`,
    ok: 204,
    fulfilment: 'refused',
  },
  {
    name: 'orders: list',
    method: 'GET',
    target: secretOrder,
    path: (id) => `/api/admin/orders?status=all&q=${id}`,
    ok: 200,
    fulfilment: 'allowed',
    orders: 'list',
  },
  {
    name: 'products: bulk action',
    method: 'POST',
    target: () => newProduct('Bulk'),
    path: () => '/api/admin/products/bulk',
    body: (id) => ({ action: 'set-category', category: 'Bulk', ids: [id] }),
    ok: 200,
    fulfilment: 'refused',
  },
  {
    name: 'orders: one (and its packing slip, which reads it)',
    method: 'GET',
    target: secretOrder,
    path: (id) => `/api/admin/orders/${id}`,
    ok: 200,
    fulfilment: 'allowed',
    orders: 'order',
  },
  {
    name: 'orders: mark paid',
    method: 'POST',
    target: pendingOrder,
    path: (id) => `/api/admin/orders/${id}/mark-paid`,
    body: () => ({ reference: 'BANK-REF-1' }),
    ok: 200,
    fulfilment: 'refused',
  },
  {
    name: 'orders: ship',
    method: 'POST',
    target: secretOrder,
    path: (id) => `/api/admin/orders/${id}/ship`,
    body: () => ({ carrier: 'UPS', number: '1Z999AA10123456784' }),
    ok: 200,
    fulfilment: 'allowed',
    orders: 'order',
  },
  {
    name: 'orders: cancel',
    method: 'POST',
    target: pendingOrder,
    path: (id) => `/api/admin/orders/${id}/cancel`,
    body: () => ({ note: 'Customer asked' }),
    ok: 200,
    fulfilment: 'refused',
  },
  {
    name: 'images: upload',
    method: 'POST',
    path: () => '/api/admin/images',
    body: imageForm,
    ok: 201,
    fulfilment: 'refused',
  },
  {
    name: 'orders: new since last viewed',
    method: 'GET',
    path: () => '/api/admin/orders/unseen',
    ok: 200,
    fulfilment: 'allowed',
  },
  {
    name: 'orders: mark the list viewed',
    method: 'POST',
    path: () => '/api/admin/orders/seen',
    ok: 200,
    fulfilment: 'allowed',
  },
  {
    name: 'orders: export',
    method: 'GET',
    target: secretOrder,
    path: () => '/api/admin/orders/export?from=2026-01-01&format=csv',
    ok: 200,
    fulfilment: 'allowed',
    orders: 'csv',
  },
  {
    name: 'orders: export as JSON',
    method: 'GET',
    target: secretOrder,
    path: () => '/api/admin/orders/export?from=2026-01-01&format=json',
    ok: 200,
    fulfilment: 'allowed',
    orders: 'json',
  },
  {
    name: 'orders: ship many from a CSV',
    method: 'POST',
    target: async () => (await t.store.orders.markPaid(await pendingOrder(), { reference: null })).number,
    path: () => '/api/admin/orders/ship-many',
    body: (number) => ({ csv: `order,tracking\n${number},1Z999AA10123456784\n` }),
    ok: 200,
    fulfilment: 'allowed',
  },
  {
    name: 'lots: add',
    method: 'POST',
    target: () => newProduct('Lot of'),
    path: () => '/api/admin/lots',
    body: (productId) => lotForm(productId),
    ok: 201,
    fulfilment: 'refused',
  },
  { name: 'lots: list', method: 'GET', path: () => '/api/admin/lots', ok: 200, fulfilment: 'refused' },
  {
    name: 'lots: remove',
    method: 'DELETE',
    target: storedLot,
    path: (lot) => `/api/admin/lots/${encodeURIComponent(lot)}`,
    ok: 204,
    fulfilment: 'refused',
  },
  { name: 'admins: list', method: 'GET', path: () => '/api/admin/admins', ok: 200, fulfilment: 'refused' },
  {
    name: 'reports: summary',
    method: 'GET',
    path: () => '/api/admin/reports/summary?from=2026-11-01',
    ok: 200,
    fulfilment: 'refused',
  },
  {
    name: 'settings: read',
    method: 'GET',
    path: () => '/api/admin/settings',
    ok: 200,
    fulfilment: 'refused',
  },
  {
    name: 'settings: change',
    method: 'PATCH',
    path: () => '/api/admin/settings',
    body: () => ({ lowStockThreshold: 3 }),
    ok: 200,
    fulfilment: 'refused',
  },
  {
    name: 'settings: shipping and tax rates',
    method: 'GET',
    path: () => '/api/admin/settings/rates',
    ok: 200,
    fulfilment: 'refused',
  },
  {
    name: 'settings: shipping zones',
    method: 'PUT',
    path: () => '/api/admin/settings/shipping',
    body: () => DEFAULT_SHIPPING_CONFIG,
    ok: 200,
    fulfilment: 'refused',
  },
  {
    name: 'settings: tax rates',
    method: 'PUT',
    path: () => '/api/admin/settings/tax',
    body: () => ({ rates: [] }),
    ok: 200,
    fulfilment: 'refused',
  },
  {
    name: 'settings: checkout limits',
    method: 'GET',
    path: () => '/api/admin/settings/checkout-limits',
    ok: 200,
    fulfilment: 'refused',
  },
  {
    name: 'settings: change checkout limits',
    method: 'PATCH',
    path: () => '/api/admin/settings/checkout-limits',
    body: () => ({ holdHours: 48 }),
    ok: 200,
    fulfilment: 'refused',
  },
  {
    name: 'reports: affiliates',
    method: 'GET',
    path: () => '/api/admin/reports/affiliates?from=2026-11-01',
    ok: 200,
    fulfilment: 'refused',
  },
  {
    name: 'discounts: list',
    method: 'GET',
    path: () => '/api/admin/discounts',
    ok: 200,
    fulfilment: 'refused',
  },
  {
    name: 'discounts: create',
    method: 'POST',
    path: () => '/api/admin/discounts',
    body: () => ({ code: newCode(), type: 'amount', value: 10 }),
    ok: 201,
    fulfilment: 'refused',
  },
  {
    name: 'discounts: switch off',
    method: 'PUT',
    target: storedCode,
    path: (code) => `/api/admin/discounts/${code}/active`,
    body: () => ({ active: false }),
    ok: 200,
    fulfilment: 'refused',
  },
  {
    name: 'admins: grant',
    method: 'POST',
    target: async () => (await signUp()).email,
    path: () => '/api/admin/admins',
    body: (email) => ({ email }),
    ok: 200,
    fulfilment: 'refused',
  },
  {
    name: 'admins: revoke',
    method: 'DELETE',
    target: async () => (await signUpAdmin()).email,
    path: (email) => `/api/admin/admins/${encodeURIComponent(email)}`,
    ok: 200,
    fulfilment: 'refused',
  },
  {
    name: 'audit: list',
    method: 'GET',
    path: () => '/api/admin/audit?entity=product',
    ok: 200,
    fulfilment: 'refused',
  },
  // The log is append-only: even an admin is refused.
  ...(['PUT', 'PATCH', 'DELETE'] as const).map((method) => ({
    name: `audit: ${method} an entry (refused)`,
    method,
    target: auditEntry,
    path: (id: string) => `/api/admin/audit/${id}`,
    ok: 403,
    fulfilment: 'refused' as const,
  })),
];

function requestInit(method: string, body: unknown, authorization?: string): RequestInit {
  const headers: Record<string, string> = authorization ? { authorization } : {};
  if (body === undefined) return { method, headers };
  if (body instanceof FormData) return { method, headers, body };
  headers['content-type'] = 'application/json';
  return { method, headers, body: JSON.stringify(body) };
}

describe.each(routes)('admin route: $name', (route) => {
  let target = '';
  const call = async (authorization?: string) =>
    t.app.request(route.path(target), requestInit(route.method, await route.body?.(target), authorization));

  beforeAll(async () => {
    target = (await route.target?.()) ?? '';
  });

  it('401 without a token', async () => {
    const response = await call();
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: 'unauthenticated', message: 'Sign in required' },
    });
  });

  it('401 with a malformed or forged token', async () => {
    expect((await call('Token abc')).status).toBe(401);
    expect((await call('Bearer not-a-jwt')).status).toBe(401);
  });

  it('403 for a signed-in shopper', async () => {
    const response = await call(`Bearer ${shopper.idToken}`);
    expect(response.status).toBe(403);
    expect((await response.json()).error).toEqual({ code: 'forbidden', message: 'Admins only' });
  });

  if (route.fulfilment === 'refused') {
    it('403 for fulfilment staff', async () => {
      const response = await call(`Bearer ${packer.idToken}`);
      expect(response.status).toBe(403);
      expect((await response.json()).error).toEqual({ code: 'forbidden', message: 'Admins only' });
    });
  } else {
    it(`${route.ok} for fulfilment staff`, async () => {
      const own = (await route.target?.()) ?? '';
      const response = await t.app.request(
        route.path(own),
        requestInit(route.method, await route.body?.(own), `Bearer ${packer.idToken}`),
      );
      expect(response.status, await response.clone().text()).toBe(route.ok);
    });
  }

  // Runs after the refused calls above, so it also shows they changed nothing it depends on.
  it(`${route.ok} for an admin`, async () => {
    const response = await call(`Bearer ${admin.idToken}`);
    expect(response.status, await response.clone().text()).toBe(route.ok);
    if (route.orders) {
      const { fields, count } = await orderFieldsOf(response, route.orders);
      expect(count).toBeGreaterThan(0);
      const whole = route.orders === 'csv' ? WHOLE_ORDER_COLUMNS : WHOLE_ORDER_KEYS;
      expect(whole.filter((key) => !fields.has(key))).toEqual([]);
    }
  });

  const shape = route.orders;
  if (shape)
    it('answers fulfilment staff what shipping needs and nothing only full admins read', async () => {
      const own = (await route.target?.()) ?? '';
      const response = await t.app.request(
        route.path(own),
        requestInit(route.method, await route.body?.(own), `Bearer ${packer.idToken}`),
      );
      expect(response.status).toBe(route.ok);
      const { fields, text, count } = await orderFieldsOf(response, shape);
      expect(count).toBeGreaterThan(0);
      const [whole, shipping] =
        shape === 'csv' ? [WHOLE_ORDER_COLUMNS, SHIPPING_COLUMNS] : [WHOLE_ORDER_KEYS, SHIPPING_KEYS];
      expect(whole.filter((key) => fields.has(key))).toEqual([]);
      expect(shipping.filter((key) => !fields.has(key))).toEqual([]);
      expect(secrets.filter((secret) => text.includes(secret))).toEqual([]);
      if (shape !== 'csv') expect(text).toContain('"coldPack":true');
    });
});

it('covers every admin route the API serves, with the access the shared route list gives it', () => {
  expect(unlistedRoutes(t.app)).toEqual({ unlisted: [], stale: [] });
  const listed = API_ROUTES.filter((r) => r.path.startsWith('/api/admin/'));
  expect(new Map(routes.map((r) => [routeShape(r.method, r.path(':target')), r.fulfilment]))).toEqual(
    new Map(listed.map((r) => [routeShape(r.method, r.path), r.access === 'staff' ? 'allowed' : 'refused'])),
  );
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
