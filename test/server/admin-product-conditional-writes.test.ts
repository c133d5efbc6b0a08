import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductResponse } from '../../shared/api/client.js';
import type { ApiErrorBody } from '../../shared/api/errors.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { adminAppForFile } from '../support/admin-app.js';
import { signUp, type TestUser } from '../support/auth-users.js';
import { TEST_ADDRESS } from '../support/constants.js';
import { jsonRequest } from '../support/test-app.js';

const ctx = adminAppForFile();
let shoppers: TestUser[];
beforeAll(async () => {
  shoppers = await Promise.all([signUp(), signUp(), signUp()]);
});

const withHeaders = (init: RequestInit, headers: Record<string, string>): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), ...headers },
});
const adminRequest = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  ctx.t.app.request(path, withHeaders(jsonRequest(method, body, ctx.admin.idToken), headers));
const open = (id: string, headers: Record<string, string> = {}) =>
  adminRequest('GET', `/api/admin/products/${id}`, undefined, headers);
const patch = async (id: string, body: unknown, ifMatch?: string) =>
  adminRequest('PATCH', `/api/admin/products/${id}`, body, ifMatch ? { 'if-match': ifMatch } : {});
const addProduct = (stock: number | null = 10) =>
  ctx.t.store.products.add(
    newProductSchema.parse({ name: `Conditional ${randomUUID()}`, price: 25, stock, category: 'Repair' }),
  );
const buy = async (shopper: TestUser, productId: string, quantity: number) => {
  const response = await ctx.t.app.request(
    '/api/checkout',
    jsonRequest(
      'POST',
      {
        lines: [{ productId, quantity }],
        shippingAddress: TEST_ADDRESS,
        paymentMethod: 'manual',
        attestations: { adult: true, researchUse: true },
        idempotencyKey: randomUUID(),
      },
      shopper.idToken,
    ),
  );
  expect(response.status).toBe(201);
};
const stored = async (id: string) => (await ctx.t.store.products.get(id))!;

describe('GET /api/admin/products/:id', () => {
  it('answers the product with a strong ETag of its version, and 304 while it is unchanged', async () => {
    const p = await addProduct();
    const response = await open(p.id);
    expect(response.status).toBe(200);
    const etag = response.headers.get('etag');
    expect(etag).toBe(`"${p.version}"`);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(((await response.json()) as ProductResponse).product).toEqual(p);
    expect((await open(p.id, { 'if-none-match': etag! })).status).toBe(304);
    await ctx.t.store.products.update(p.id, { brand: 'Elsewhere' });
    expect((await open(p.id, { 'if-none-match': etag! })).status).toBe(200);
  });

  it('answers 404 for an unknown product and 403 for a shopper', async () => {
    expect((await open('no-such-product')).status).toBe(404);
    const p = await addProduct();
    const asShopper = await ctx.t.app.request(
      `/api/admin/products/${p.id}`,
      jsonRequest('GET', undefined, shoppers[0]!.idToken),
    );
    expect(asShopper.status).toBe(403);
  });
});

describe('PATCH /api/admin/products/:id with If-Match', () => {
  it('refuses a stale edit after three orders took 6 of 10 units with 412 and the current product, and never puts the stock back', async () => {
    const p = await addProduct(10);
    const opened = await open(p.id);
    const etag = opened.headers.get('etag')!;

    await buy(shoppers[0]!, p.id, 1);
    await buy(shoppers[1]!, p.id, 2);
    await buy(shoppers[2]!, p.id, 3);
    const afterOrders = await stored(p.id);
    expect(afterOrders.stock).toBe(4);

    // The admin's form still holds stock 10; it changed only the category.
    const stale = await patch(p.id, { category: 'Recovery' }, etag);
    expect(stale.status).toBe(412);
    expect(stale.headers.get('etag')).toBe(`"${afterOrders.version}"`);
    const { error } = (await stale.json()) as ApiErrorBody;
    expect(error.code).toBe('stale');
    expect(error.message).toMatch(/changed since you opened it/);
    expect(error.details?.current).toEqual(afterOrders);
    expect(await stored(p.id)).toEqual(afterOrders);

    // Sending the whole stale form, stock included, is refused just the same.
    expect((await patch(p.id, { category: 'Recovery', stock: 10 }, etag)).status).toBe(412);
    expect((await stored(p.id)).stock).toBe(4);

    // Without If-Match only the fields sent are written: the category, not the stock.
    const unconditional = await patch(p.id, { category: 'Recovery' });
    expect(unconditional.status).toBe(200);
    const { product } = (await unconditional.json()) as ProductResponse;
    expect(product).toMatchObject({ category: 'Recovery', stock: 4 });
    expect(unconditional.headers.get('etag')).toBe(`"${product.version}"`);
    expect((await stored(p.id)).stock).toBe(4);
    expect(await ctx.t.store.products.get(p.id)).toMatchObject({ category: 'Recovery', stock: 4 });
  });

  it('applies an edit whose If-Match is current and answers the new ETag', async () => {
    const p = await addProduct(10);
    const etag = (await open(p.id)).headers.get('etag')!;
    const response = await patch(p.id, { price: 27.5 }, etag);
    expect(response.status).toBe(200);
    const { product } = (await response.json()) as ProductResponse;
    expect(product).toMatchObject({ price: 27.5, stock: 10 });
    expect(response.headers.get('etag')).toBe(`"${product.version}"`);
    expect(response.headers.get('etag')).not.toBe(etag);
    // The same ETag cannot be used twice.
    expect((await patch(p.id, { price: 28 }, etag)).status).toBe(412);
  });

  it('refuses an edit made from before an availability toggle', async () => {
    const p = await addProduct(10);
    const etag = (await open(p.id)).headers.get('etag')!;
    const toggled = await adminRequest('PUT', `/api/admin/products/${p.id}/availability`, {
      available: false,
    });
    expect(toggled.status).toBe(200);
    expect(toggled.headers.get('etag')).not.toBe(etag);
    const response = await patch(p.id, { available: true, brand: 'Stale' }, etag);
    expect(response.status).toBe(412);
    expect(((await response.json()) as ApiErrorBody).error.details?.current).toMatchObject({
      available: false,
      brand: '',
    });
  });

  it('makes availability toggles conditional too', async () => {
    const p = await addProduct(10);
    const etag = (await open(p.id)).headers.get('etag')!;
    await buy(shoppers[0]!, p.id, 1);
    const toggle = (ifMatch: string) =>
      adminRequest(
        'PUT',
        `/api/admin/products/${p.id}/availability`,
        { available: false },
        { 'if-match': ifMatch },
      );
    expect((await toggle(etag)).status).toBe(412);
    expect((await stored(p.id)).available).toBe(true);
    const current = (await open(p.id)).headers.get('etag')!;
    expect((await toggle(current)).status).toBe(200);
    expect((await stored(p.id)).available).toBe(false);
  });

  it('lets exactly one of two edits from the same version through', async () => {
    const p = await addProduct(10);
    const etag = (await open(p.id)).headers.get('etag')!;
    const statuses = await Promise.all([
      patch(p.id, { category: 'First' }, etag).then((r) => r.status),
      patch(p.id, { category: 'Second' }, etag).then((r) => r.status),
    ]);
    expect(statuses.sort()).toEqual([200, 412]);
  });

  it('matches If-Match strongly: a weak or foreign ETag is stale, * matches any version, two versions are refused', async () => {
    const p = await addProduct(10);
    const version = (await stored(p.id)).version;
    expect((await patch(p.id, { brand: 'Weak' }, `W/"${version}"`)).status).toBe(412);
    expect((await patch(p.id, { brand: 'Foreign' }, '"abc"')).status).toBe(412);
    const both = await patch(p.id, { brand: 'Both' }, `"${version}", "${version + 1}"`);
    expect(both.status).toBe(400);
    expect((await stored(p.id)).brand).toBe('');
    expect((await patch(p.id, { brand: 'Any' }, '*')).status).toBe(200);
    expect((await patch('no-such-product', { brand: 'Any' }, '"1"')).status).toBe(404);
  });
});
