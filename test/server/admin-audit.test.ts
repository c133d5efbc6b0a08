import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '../../shared/domain/audit.js';
import { newProductSchema, type Product } from '../../shared/domain/product.js';
import { signUp, signUpAdmin, type TestUser } from '../support/auth-users.js';
import { bankTransferCheckout, placeStoredOrder } from '../support/place-order.js';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.js';

describe('GET /api/admin/audit: who changed what, as staff did it through the API', () => {
  let t: TestApp;
  let admin: TestUser;
  let shopper: TestUser;
  let product: Product;
  const call = (method: string, path: string, body?: unknown, token = admin.idToken) =>
    t.app.request(path, jsonRequest(method, body, token));
  const checkout = (productId: string) =>
    call('POST', '/api/checkout', bankTransferCheckout([{ productId, quantity: 1 }]), shopper.idToken);
  const audit = async (query = '') => {
    const response = await call('GET', `/api/admin/audit${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as AuditPage;
  };

  beforeAll(async () => {
    t = createTestApp();
    [admin, shopper] = await Promise.all([signUpAdmin(), signUp()]);
    product = await t.store.products.add(
      newProductSchema.parse({ name: `Audited ${randomUUID()}`, price: 20, stock: 10, category: 'Repair' }),
    );
  });
  afterAll(() => t.close());

  it('records a product edit and an availability toggle as the signed-in admin, with only the fields changed', async () => {
    expect((await call('PATCH', `/api/admin/products/${product.id}`, { category: 'Recovery' })).status).toBe(
      200,
    );
    expect(
      (await call('PUT', `/api/admin/products/${product.id}/availability`, { available: false })).status,
    ).toBe(200);
    const { entries } = await audit(`?entity=product&id=${product.id}`);
    expect(entries.map(({ actor, action, before, after }) => ({ actor, action, before, after }))).toEqual([
      { actor: admin.email, action: 'updated', before: { available: true }, after: { available: false } },
      {
        actor: admin.email,
        action: 'updated',
        before: { category: 'Repair' },
        after: { category: 'Recovery' },
      },
    ]);
  });

  it('records staff marking an order paid, but not the shopper’s checkout that placed it', async () => {
    // the product is unavailable since the test before; staff make it available again
    expect((await checkout(product.id)).status).toBe(409);
    await call('PUT', `/api/admin/products/${product.id}/availability`, { available: true });
    const placed = await checkout(product.id);
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { order } = (await placed.json()) as { order: { id: string } };
    expect((await audit(`?entity=order&id=${order.id}`)).entries).toEqual([]);
    expect((await audit(`?actor=${encodeURIComponent(shopper.email)}`)).entries).toEqual([]);

    expect(
      (await call('POST', `/api/admin/orders/${order.id}/mark-paid`, { reference: 'WIRE-7' })).status,
    ).toBe(200);
    expect((await audit(`?entity=order&id=${order.id}`)).entries).toMatchObject([
      {
        actor: admin.email,
        before: { status: 'pending_payment', 'payment.reference': null },
        after: { status: 'paid', 'payment.reference': 'WIRE-7' },
      },
    ]);
  });

  it('records staff roles granted, changed and revoked, by e-mail', async () => {
    const colleague = await signUp();
    expect(
      (await call('POST', '/api/admin/admins', { email: colleague.email, role: 'fulfilment' })).status,
    ).toBe(200);
    expect((await call('POST', '/api/admin/admins', { email: colleague.email })).status).toBe(200);
    expect((await call('DELETE', `/api/admin/admins/${encodeURIComponent(colleague.email)}`)).status).toBe(
      200,
    );
    const { entries } = await audit(`?entity=admin&id=${encodeURIComponent(colleague.email)}`);
    expect(entries.map((e) => [e.actor, e.before, e.after])).toEqual([
      [admin.email, { role: 'admin' }, { role: null }],
      [admin.email, { role: 'fulfilment' }, { role: 'admin' }],
      [admin.email, { role: null }, { role: 'fulfilment' }],
    ]);
  });

  it('records a deleted product with what it was', async () => {
    const doomed = await t.store.products.add(
      newProductSchema.parse({ name: `Doomed ${randomUUID()}`, price: 5 }),
    );
    expect((await call('DELETE', `/api/admin/products/${doomed.id}`)).status).toBe(204);
    expect((await audit(`?id=${doomed.id}`)).entries).toMatchObject([
      { action: 'deleted', before: { name: doomed.name, price: 5 }, after: {} },
    ]);
  });

  it('pages newest first, and filters by time', async () => {
    const all = (await audit()).entries;
    expect(all.length).toBeGreaterThanOrEqual(5);
    const first = await audit('?limit=2');
    const second = await audit(`?limit=2&before=${first.next}`);
    expect([...first.entries, ...second.entries].map((e) => e.id)).toEqual(all.slice(0, 4).map((e) => e.id));
    expect((await audit('?since=2999-01-01')).entries).toEqual([]);
    expect((await audit(`?since=${new Date(Date.now() - 60_000).toISOString()}`)).entries).toHaveLength(
      all.length,
    );
  });

  it.each([
    ['?entity=customer', 'entity'],
    ['?limit=0', 'limit'],
    ['?limit=500', 'limit'],
    ['?since=last-week', 'since'],
    ['?before=%27%20OR%201%3D1', 'before'],
    ['?sort=oldest', ''],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await call('GET', `/api/admin/audit${query}`);
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe('invalid-input');
    expect(error.fields.map((f: { field: string }) => f.field)).toContain(field);
  });

  it.each(['PUT', 'PATCH', 'DELETE'])(
    'refuses to %s an entry (403), which stays as it was',
    async (method) => {
      const [entry] = (await audit('?limit=1')).entries as [AuditEntry];
      const response = await call(
        method,
        `/api/admin/audit/${entry.id}`,
        method === 'DELETE' ? undefined : { actor: 'nobody' },
      );
      expect(response.status).toBe(403);
      expect((await response.json()).error).toEqual({
        code: 'forbidden',
        message: 'Audit entries cannot be changed or deleted',
      });
      expect((await audit('?limit=1')).entries).toEqual([entry]);
    },
  );

  it('keeps orders placed straight through the store (no actor) out of the log', async () => {
    const order = await placeStoredOrder(t.store.orders, product.id, 1);
    expect((await audit(`?id=${order.id}`)).entries).toEqual([]);
  });
});
