import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MAX_PRODUCTS } from '../../shared/api/product-bulk.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { signUpAdmin, type TestUser } from '../support/auth-users.js';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.js';

describe('POST /api/admin/products/bulk: one action on many products, one audit entry each', () => {
  let t: TestApp;
  let admin: TestUser;
  const bulk = (body: unknown) =>
    t.app.request('/api/admin/products/bulk', jsonRequest('POST', body, admin.idToken));
  const three = async () =>
    Promise.all(
      ['A', 'B', 'C'].map(
        async (label) =>
          (
            await t.store.products.add(
              newProductSchema.parse({ name: `Bulk ${label} ${randomUUID()}`, price: 10, category: 'Old' }),
            )
          ).id,
      ),
    );
  const entriesOf = async (id: string) => (await t.store.audit.list({ entityId: id, limit: 10 })).entries;

  beforeAll(async () => {
    t = createTestApp();
    admin = await signUpAdmin();
  });
  afterAll(() => t.close());

  it('makes products unavailable, reporting an id it does not know and changing the others', async () => {
    const ids = await three();
    const response = await bulk({
      action: 'set-available',
      available: false,
      ids: [ids[0], 'no-such-id', ids[1]],
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      results: [
        { id: ids[0], ok: true },
        { id: 'no-such-id', ok: false, error: { code: 'not-found', message: 'Product not found' } },
        { id: ids[1], ok: true },
      ],
      succeeded: 2,
      failed: 1,
    });
    expect((await t.store.products.get(ids[0]!))?.available).toBe(false);
    expect((await t.store.products.get(ids[2]!))?.available).toBe(true);
    for (const id of ids.slice(0, 2))
      expect(await entriesOf(id)).toMatchObject([
        { actor: admin.email, action: 'updated', before: { available: true }, after: { available: false } },
      ]);
    expect(await entriesOf(ids[2]!)).toEqual([]);
  });

  it('sets the category of each, one audit entry per product', async () => {
    const ids = await three();
    const response = await bulk({ action: 'set-category', category: '  Nootropics ', ids });
    expect((await response.json()).succeeded).toBe(3);
    for (const id of ids) {
      expect((await t.store.products.get(id))?.category).toBe('Nootropics');
      expect(await entriesOf(id)).toMatchObject([
        { before: { category: 'Old' }, after: { category: 'Nootropics' } },
      ]);
    }
  });

  it('deletes each, recording what it was', async () => {
    const ids = await three();
    expect((await (await bulk({ action: 'delete', ids })).json()).succeeded).toBe(3);
    for (const id of ids) {
      expect(await t.store.products.get(id)).toBeNull();
      expect(await entriesOf(id)).toMatchObject([
        { action: 'deleted', before: { category: 'Old' }, after: {} },
      ]);
    }
  });

  it.each([
    ['no ids', { action: 'delete', ids: [] }, 'ids'],
    ['an id twice', { action: 'delete', ids: ['a', 'a'] }, 'ids'],
    [
      'too many ids',
      { action: 'delete', ids: Array.from({ length: BULK_MAX_PRODUCTS + 1 }, (_, i) => `p${i}`) },
      'ids',
    ],
    ['an unknown action', { action: 'archive', ids: ['a'] }, 'action'],
    ['a category of the wrong kind', { action: 'set-category', ids: ['a'], category: 7 }, 'category'],
    ['availability not given', { action: 'set-available', ids: ['a'] }, 'available'],
  ])('answers 400 for %s, changing nothing', async (_what, body, field) => {
    const response = await bulk(body);
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe('invalid-input');
    expect(error.fields.map((f: { field: string }) => f.field)).toContain(field);
  });
});
