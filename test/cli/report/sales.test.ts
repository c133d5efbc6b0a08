import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFile } from '../../../shared/backend/config.js';
import { openSqliteStore } from '../../../shared/backend/store/sqlite/sqlite-store.js';
import type { Order } from '../../../shared/domain/order.js';
import { newProductSchema } from '../../../shared/domain/product.js';
import type { SalesSummary } from '../../../shared/domain/sales-report.js';
import { shopInProcess, shopProcess, tempDataDir } from '../../support/cli.js';
import { placeStoredOrder } from '../../support/place-order.js';

const data = tempDataDir('report');
const shop = (...args: string[]) => shopInProcess(data.dir, args);
const sold: Order[] = [];

beforeAll(async () => {
  let clock = 0;
  const store = openSqliteStore({ file: databaseFile({ dataDir: data.dir }), now: () => clock });
  const { id } = await store.products.add(
    newProductSchema.parse({ name: 'Reported vial', price: 40, stock: 10 }),
  );
  for (const [when, quantity] of [
    ['2026-10-30T09:00:00Z', 1],
    ['2026-11-02T23:59:00Z', 2],
    ['2026-11-03T00:01:00Z', 1],
  ] as const) {
    clock = Date.parse(when);
    const placed = await placeStoredOrder(store.orders, id, quantity);
    sold.push(await store.orders.markPaid(placed.id, { reference: null }));
  }
  clock = Date.parse('2026-11-03T10:00:00Z');
  await placeStoredOrder(store.orders, id, 1); // awaiting payment: no revenue
  await store.close();
});
afterAll(() => data.remove());

describe('shop report sales', () => {
  it('--json prints revenue and orders by UTC day, the range beside the days before it, and what waits', async () => {
    const result = await shop('--json', 'report', 'sales', '--from', '2026-11-01', '--to', '2026-11-03');
    expect(result.exitCode, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as SalesSummary;
    const [before, late, early] = sold as [Order, Order, Order];
    expect(summary.days).toEqual([
      { day: '2026-11-01', revenueCents: 0, orders: 0 },
      { day: '2026-11-02', revenueCents: late.totalCents, orders: 1 },
      { day: '2026-11-03', revenueCents: early.totalCents, orders: 1 },
    ]);
    expect(summary.total).toEqual({ revenueCents: late.totalCents + early.totalCents, orders: 2 });
    expect(summary.previous).toEqual({
      from: '2026-10-29',
      to: '2026-10-31',
      revenueCents: before.totalCents,
      orders: 1,
    });
    expect(summary.backlog).toEqual({ awaitingPayment: 1, awaitingShipment: 3 });
    // The four orders left 5 of 10 units: at the default threshold of 5.
    expect(summary.lowStock).toMatchObject({
      total: 1,
      variants: [{ productName: 'Reported vial', stock: 5 }],
    });
    expect(result.data).toEqual(summary);
  });

  it('prints a table of the days with the totals, and says what counts as revenue', async () => {
    const result = await shop('report', 'sales', '--from', '2026-11-02', '--to', '2026-11-03');
    expect(result.exitCode, result.stderr).toBe(0);
    const [, late, early] = sold as [Order, Order, Order];
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    expect(result.stdout).toMatch(new RegExp(`2026-11-02 +│ 1 +│ \\${dollars(late.totalCents)}`));
    expect(result.stdout).toContain('total 2026-11-02 to 2026-11-03');
    expect(result.stdout).toContain('before 2026-10-31 to 2026-11-01');
    expect(result.stdout).toContain(dollars(late.totalCents + early.totalCents));
    expect(result.stderr).toContain('paid and shipped orders');
    expect(result.stderr).toContain('1 order for payment, 3 orders to ship');
  });

  it('refuses a day that is not one, or a range that runs backwards, with exit code 2', async () => {
    const bad = await shop('report', 'sales', '--from', '2026-11-31');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('from must be a day written YYYY-MM-DD');
    const backwards = await shop('report', 'sales', '--from', '2026-11-03', '--to', '2026-11-01');
    expect(backwards.exitCode).toBe(2);
    expect(backwards.stderr).toContain('from must not be after to');
  });

  it('runs as a real process, data on stdout', async () => {
    const result = await shopProcess([
      '--data',
      data.dir,
      '--json',
      'report',
      'sales',
      '--from',
      '2026-11-03',
      '--to',
      '2026-11-03',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as SalesSummary).total.orders).toBe(1);
  });
});
