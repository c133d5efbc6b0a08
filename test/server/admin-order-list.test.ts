import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../shared/backend/store/sqlite/sqlite-store.js';
import type { OrderPage } from '../../shared/domain/order-listing.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { adminAppForFile } from '../support/admin-app.js';
import { placeStoredOrder } from '../support/place-order.js';
import { jsonRequest } from '../support/test-app.js';

const ctx = adminAppForFile();

const get = (path: string, etag?: string) => {
  const init = jsonRequest('GET', undefined, ctx.admin.idToken);
  if (etag) (init.headers as Record<string, string>)['if-none-match'] = etag;
  return ctx.t.app.request(`/api/admin/orders${path}`, init);
};
const page = async (query: string) => {
  const response = await get(query);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as OrderPage;
};

async function placeOrders(emails: string[]) {
  const { id } = await ctx.t.store.products.add(
    newProductSchema.parse({ name: `Listed ${Math.random()}`, price: 10, stock: null }),
  );
  const placed = [];
  for (const [i, email] of emails.entries()) {
    // Newest first needs placing times that differ: orders of one millisecond tie, in no set order.
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 3));
    placed.push(await placeStoredOrder(ctx.t.store.orders, id, i + 1, { email }));
  }
  return placed;
}

describe('GET /api/admin/orders: one page, filtered and sorted by the server', () => {
  it('answers a page with its total and pages, filtered by status, days and search, sorted as asked', async () => {
    const [small, middle, large] = await placeOrders([
      'carol@example.com',
      'dan@example.com',
      'carla@example.com',
    ]);
    await ctx.t.store.orders.markPaid(middle!.id, { reference: null });

    const first = await page('?perPage=2');
    expect(first).toMatchObject({ page: 1, perPage: 2, total: 3, totalPages: 2 });
    expect(first.orders.map((o) => o.id)).toEqual([large!.id, middle!.id]);
    expect((await page('?perPage=2&page=7')).orders.map((o) => o.id)).toEqual([small!.id]);
    expect((await page('?sort=total-asc')).orders.map((o) => o.id)).toEqual([
      small!.id,
      middle!.id,
      large!.id,
    ]);
    expect((await page('?status=paid')).orders.map((o) => o.id)).toEqual([middle!.id]);
    expect((await page('?q=CAR&sort=oldest')).orders.map((o) => o.id)).toEqual([small!.id, large!.id]);
    const day = new Date(large!.createdAt.seconds * 1000).toISOString().slice(0, 10);
    expect((await page(`?from=${day}&to=${day}`)).orders.map((o) => o.id)).toContain(large!.id);
    expect((await page('?to=2020-01-01')).total).toBe(0);
  });

  it('refuses what it cannot read with 400 naming each field', async () => {
    const response = await get('?from=2026-02-30&sort=cheapest&perPage=500&page=0&status=lost');
    expect(response.status).toBe(400);
    const fields = (await response.json()).error.fields.map((f: { field: string }) => f.field).sort();
    expect(fields).toEqual(['from', 'page', 'perPage', 'sort', 'status']);
  });

  it('answers 304 while no order changed, and the page again once one is placed elsewhere or changes', async () => {
    const first = await get('?status=unshipped');
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect((await get('?status=unshipped', etag)).status).toBe(304);
    expect((await get('?status=shipped', etag)).status).toBe(200);

    // Placed through a second connection to the same file, as `shop` does beside the running shop.
    const cli = openSqliteStore({ file: join(ctx.t.dataDir, 'shop.sqlite') });
    const { id } = await cli.products.add(
      newProductSchema.parse({ name: 'Elsewhere', price: 5, stock: null }),
    );
    const placed = await placeStoredOrder(cli.orders, id, 1, { email: 'elsewhere@example.com' });
    await cli.close();
    const changed = await get('?status=unshipped', etag);
    expect(changed.status).toBe(200);
    const next = changed.headers.get('etag')!;
    expect(next).not.toBe(etag);
    expect(((await changed.json()) as OrderPage).orders[0]?.id).toBe(placed.id);

    await ctx.t.store.orders.markPaid(placed.id, { reference: null });
    expect((await get('?status=unshipped', next)).status).toBe(200);
  });
});

describe('GET /api/admin/orders/:id', () => {
  it('answers one order, and 404 for an id no order has', async () => {
    const [placed] = await placeOrders(['single@example.com']);
    const response = await get(`/${placed!.id}`);
    expect(response.status).toBe(200);
    expect((await response.json()).order).toEqual(placed);
    const missing = await get('/no-such-order');
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe('not-found');
  });
});
