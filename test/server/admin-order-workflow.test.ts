import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain/order.js';
import { newProductSchema } from '../../shared/domain/product.js';
import type { ShipmentReport } from '../../shared/domain/shipment-report.js';
import type { UnseenOrders } from '../../shared/domain/unseen-orders.js';
import { adminAppForFile } from '../support/admin-app.js';
import { signUpAdmin } from '../support/auth-users.js';
import { placeStoredOrder } from '../support/place-order.js';
import { jsonRequest } from '../support/test-app.js';

const ctx = adminAppForFile();

const call = (method: string, path: string, body?: unknown, token = ctx.admin.idToken, etag?: string) => {
  const init = jsonRequest(method, body, token);
  if (etag) (init.headers as Record<string, string>)['if-none-match'] = etag;
  return ctx.t.app.request(`/api/admin/orders${path}`, init);
};

async function place(count: number, email = 'buyer@example.com'): Promise<Order[]> {
  const { id } = await ctx.t.store.products.add(
    newProductSchema.parse({
      name: `Workflow ${Math.random()}`,
      price: 12.5,
      sku: `WF-${Math.random()}`,
      stock: 40,
    }),
  );
  const placed = [];
  for (let i = 0; i < count; i++) {
    // Orders of one millisecond tie for "newest"; a few apart they do not.
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 3));
    placed.push(await placeStoredOrder(ctx.t.store.orders, id, 1, { email }));
  }
  return placed;
}
const paid = async (count: number) =>
  Promise.all((await place(count)).map((o) => ctx.t.store.orders.markPaid(o.id, { reference: null })));
const today = () => new Date().toISOString().slice(0, 10);

describe('GET /api/admin/orders/export', () => {
  it('streams the orders of the days as a CSV download, one row per line, oldest first', async () => {
    const orders = await place(2, 'export@example.com');
    const response = await call('GET', `/export?from=${today()}&to=${today()}&format=csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="orders-from-${today()}-to-${today()}.csv"`,
    );
    const [header, ...rows] = parse(await response.text()) as string[][];
    const numbers = rows.map((r) => r[header!.indexOf('order_number')]);
    expect(numbers.filter((n) => orders.some((o) => o.number === n))).toEqual(orders.map((o) => o.number));
  });

  it('answers JSON with format=json, and nothing for days before any order', async () => {
    const [order] = await place(1);
    const all = (await (await call('GET', '/export?format=json')).json()) as Order[];
    expect(all.map((o) => o.id)).toContain(order!.id);
    const none = await call('GET', '/export?from=2020-01-01&to=2020-01-01&format=json');
    expect(none.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await none.json()).toEqual([]);
  });

  it('refuses a day that is not one and an unknown format, naming the field', async () => {
    const response = await call('GET', '/export?from=2026-13-01&format=xml');
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe('invalid-input');
    expect(error.fields).toEqual([
      { field: 'from', message: 'from must be a day written YYYY-MM-DD' },
      { field: 'format', message: 'format must be csv or json' },
    ]);
    const reversed = await call('GET', '/export?from=2026-11-03&to=2026-11-01');
    expect((await reversed.json()).error.fields).toEqual([
      { field: 'to', message: 'to must not be before from' },
    ]);
  });
});

describe('POST /api/admin/orders/ship-many', () => {
  it('ships nothing when a row is rejected: 400 with the per-row report, valid rows "not written"', async () => {
    const [good, other] = await paid(2);
    const [unpaid] = await place(1);
    const csv = `order,tracking,carrier\n${good!.number},1Z999AA10123456784,UPS\n${unpaid!.number},1Z999AA10123456785,UPS\n${other!.number},,UPS\n`;
    const response = await call('POST', '/ship-many', { csv });
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe('invalid-input');
    expect(error.message).toBe('2 of 3 rows cannot be shipped; nothing was shipped');
    const report = error.details.report as ShipmentReport;
    expect(report.rows.map((r) => [r.row, r.outcome, r.error ?? ''])).toEqual([
      [2, 'not written', ''],
      [
        3,
        'rejected',
        `column order: ${unpaid!.number} is awaiting payment; only a paid order can be shipped`,
      ],
      [4, 'rejected', 'column tracking: Tracking number is required'],
    ]);
    expect((await ctx.t.store.orders.get(good!.id))!.status).toBe('paid');
  });

  it('with skipInvalid ships the valid rows through the shipping transition, the e-mail in the outbox', async () => {
    const [good] = await paid(1);
    const csv = `order,tracking\n${good!.number},1Z999AA10123456784\nHP-NOPE0000,1Z999AA10123456785\n`;
    const response = await call('POST', '/ship-many', { csv, skipInvalid: true });
    expect(response.status).toBe(200);
    const report = (await response.json()) as ShipmentReport;
    expect(report).toMatchObject({ shipped: 1, rejected: 1, written: true });
    const shipped = (await ctx.t.store.orders.get(good!.id))!;
    expect(shipped.status).toBe('shipped');
    expect(shipped.statusHistory.at(-1)!.note).toBe('Shipped, tracking 1Z999AA10123456784');
    const mail = (await ctx.t.store.outbox.list()).filter((e) => e.mail.text.includes(good!.number));
    expect(mail.map((e) => e.mail.text).join('\n')).toContain('1Z999AA10123456784');
  });

  it('refuses a file it cannot read with the row or column it stops at', async () => {
    const response = await call('POST', '/ship-many', { csv: 'number,carrier\nHP-1,UPS\n' });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toMatch(/^Row 1 \(the header\) has no "tracking" column/);
    const long = `order,tracking\n${'HP-1,1Z999AA1\n'.repeat(2001)}`;
    expect((await (await call('POST', '/ship-many', { csv: long })).json()).error.message).toBe(
      'The file has 2001 rows after the header; at most 2000 orders are shipped from one file, so split it',
    );
    const unknown = await call('POST', '/ship-many', { csv: 'x', dryRun: true });
    expect((await unknown.json()).error.fields).toEqual([{ field: '', message: 'Unknown field(s): dryRun' }]);
  });
});

describe('the new-order badge: GET /api/admin/orders/unseen and POST /api/admin/orders/seen', () => {
  it('counts orders placed since this admin last viewed the list, per admin, and 304 while nothing changed', async () => {
    const other = await signUpAdmin();
    await call('POST', '/seen');
    const seen = (await (await call('GET', '/unseen')).json()) as UnseenOrders;
    expect(seen.count).toBe(0);
    expect(seen.seenAt).toBeGreaterThan(Date.now() - 60_000);

    const first = await call('GET', '/unseen');
    const etag = first.headers.get('etag')!;
    expect((await call('GET', '/unseen', undefined, ctx.admin.idToken, etag)).status).toBe(304);

    const [, newest] = await place(2);
    await new Promise((resolve) => setTimeout(resolve, 3));
    const after = await call('GET', '/unseen', undefined, ctx.admin.idToken, etag);
    expect(after.status).toBe(200);
    const unseen = (await after.json()) as UnseenOrders;
    expect(unseen.count).toBe(2);
    expect(unseen.more).toBe(false);

    // Another admin who never viewed the list counts every order; viewing it clears their badge only.
    const theirs = (await (await call('GET', '/unseen', undefined, other.idToken)).json()) as UnseenOrders;
    expect(theirs.seenAt).toBeNull();
    expect(theirs.count).toBeGreaterThanOrEqual(2);
    const cleared = (await (await call('POST', '/seen', undefined, other.idToken)).json()) as UnseenOrders;
    expect(cleared.count).toBe(0);
    expect(((await (await call('GET', '/unseen')).json()) as UnseenOrders).count).toBe(2);
    expect(unseen.newest?.number).toBe(newest!.number);
  });
});
