import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../shared/backend/store/sqlite/sqlite-store.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { addDays, dayOf, type SalesSummary } from '../../shared/domain/sales-report.js';
import { adminAppForFile } from '../support/admin-app.js';
import { placeStoredOrder } from '../support/place-order.js';
import { jsonRequest } from '../support/test-app.js';

const ctx = adminAppForFile();
const DAY_MS = 86_400_000;
const call = (method: string, path: string, body?: unknown) =>
  ctx.t.app.request(path, jsonRequest(method, body, ctx.admin.idToken));
const summary = async (query = '') => {
  const response = await call('GET', `/api/admin/reports/summary${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as SalesSummary;
};

/** Places orders as a store whose clock says `ms`, as a shop running on that day would. */
async function placeOn(ms: number, productId: string, quantity: number, paid: boolean) {
  const then = openSqliteStore({ file: join(ctx.t.dataDir, 'shop.sqlite'), now: () => ms });
  try {
    const order = await placeStoredOrder(then.orders, productId, quantity);
    return paid ? await then.orders.markPaid(order.id, { reference: null }) : order;
  } finally {
    await then.close();
  }
}

describe('GET /api/admin/reports/summary', () => {
  it('gives the 30 days to today by UTC day, revenue of paid and shipped orders in cents, beside the 30 before, and the orders waiting', async () => {
    const now = Date.now();
    const { id } = await ctx.t.store.products.add(
      newProductSchema.parse({ name: 'Summed vial', price: 20.05 }),
    );
    const today = await placeOn(now, id, 3, true);
    const shipped = await placeOn(now - 3 * DAY_MS, id, 1, true);
    await ctx.t.store.orders.markShipped(shipped.id, { carrier: 'UPS', number: '1Z9' });
    const lastMonth = await placeOn(now - 40 * DAY_MS, id, 2, true);
    await placeOn(now, id, 5, false);
    await ctx.t.store.orders.cancel((await placeOn(now, id, 4, true)).id);

    const got = await summary();
    const to = dayOf(now);
    expect(got).toMatchObject({ from: addDays(to, -29), to, timeZone: 'UTC' });
    expect(got.days).toHaveLength(30);
    expect(got.days.at(-1)).toEqual({ day: to, revenueCents: today.totalCents, orders: 1 });
    expect(got.days.at(-4)).toEqual({ day: addDays(to, -3), revenueCents: shipped.totalCents, orders: 1 });
    expect(today.totalCents).toBe(3 * 2005 + today.shippingCents);
    expect(got.total).toEqual({ revenueCents: today.totalCents + shipped.totalCents, orders: 2 });
    expect(got.previous).toEqual({
      from: addDays(to, -59),
      to: addDays(to, -30),
      revenueCents: lastMonth.totalCents,
      orders: 1,
    });
    expect(got.backlog).toEqual({ awaitingPayment: 1, awaitingShipment: 2 });

    const oneDay = await summary(`?from=${to}&to=${to}`);
    expect(oneDay.days).toEqual([{ day: to, revenueCents: today.totalCents, orders: 1 }]);
    expect(oneDay.previous).toMatchObject({ from: addDays(to, -1), to: addDays(to, -1), orders: 0 });
  });

  it('lists sizes at or below the threshold staff set (kept in the store) and available products that cannot be bought', async () => {
    const low = await ctx.t.store.products.add(
      newProductSchema.parse({ name: 'Nearly gone', price: 9, stock: 7, sku: 'NG-1' }),
    );
    const empty = await ctx.t.store.products.add(
      newProductSchema.parse({ name: 'All gone', price: 9, stock: 0 }),
    );
    expect((await summary()).lowStock.variants.map((v) => v.sku)).not.toContain('NG-1');

    const set = await call('PATCH', '/api/admin/settings', { lowStockThreshold: 7 });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ settings: { lowStockThreshold: 7 } });
    expect(await (await call('GET', '/api/admin/settings')).json()).toEqual({
      settings: { lowStockThreshold: 7 },
    });
    const got = await summary();
    expect(got.lowStockThreshold).toBe(7);
    expect(got.lowStock.variants).toContainEqual(
      expect.objectContaining({ productId: low.id, sku: 'NG-1', stock: 7, variantId: low.variants[0]!.id }),
    );
    expect(got.unsellable.products).toContainEqual({ id: empty.id, name: 'All gone' });
  });

  it('refuses days that are not days, a range that runs backwards or is longer than a year, and a bad threshold, naming the field', async () => {
    const refused = async (method: string, path: string, field: string, body?: unknown) => {
      const response = await call(method, path, body);
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: { code: string; fields: { field: string }[] } };
      expect(error.code).toBe('invalid-input');
      expect(error.fields.map((f) => f.field)).toContain(field);
    };
    await refused('GET', '/api/admin/reports/summary?from=2026-02-30', 'from');
    await refused('GET', '/api/admin/reports/summary?to=yesterday', 'to');
    await refused('GET', '/api/admin/reports/summary?from=2026-11-02&to=2026-11-01', 'from');
    await refused('GET', '/api/admin/reports/summary?from=2025-01-01&to=2026-11-01', 'to');
    await refused('PATCH', '/api/admin/settings', 'lowStockThreshold', { lowStockThreshold: -1 });
    await refused('PATCH', '/api/admin/settings', 'lowStockThreshold', { lowStockThreshold: 2.5 });
    await refused('PATCH', '/api/admin/settings', '', { lowStock: 3 });
  });
});
