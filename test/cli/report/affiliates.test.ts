import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AffiliateReport } from '../../../cli/commands/report/affiliates.js';
import { databaseFile } from '../../../shared/backend/config.js';
import { openSqliteStore } from '../../../shared/backend/store/sqlite/sqlite-store.js';
import { type NewDiscountInput, newDiscountSchema } from '../../../shared/domain/discount.js';
import type { Order } from '../../../shared/domain/order.js';
import { newProductSchema } from '../../../shared/domain/product.js';
import { shopInProcess, tempDataDir } from '../../support/cli.js';
import { TEST_ADDRESS } from '../../support/constants.js';

const data = tempDataDir('report-affiliates');
const shop = (...args: string[]) => shopInProcess(data.dir, args);
const placed: Order[] = [];

/**
 * A $39.99 vial bought with affiliates' codes on 2 November 2026 (UTC), so each figure rounds:
 * LAB15 ×3: 11,997 − 15% (1,799.55 → 1,800) = 10,197, at 12.5% commission 1,274.625 → 1,275;
 * LABTEN ×1: 3,999 − $10 = 2,999, at the default 10% 299.9 → 300 (shipped: still counted);
 * PEP5 ×1: 3,999 − 5% (199.95 → 200) = 3,799, at 7.5% 284.925 → 285.
 * Left out: a PEP5 order paid then cancelled, a LAB15 order never paid, a code with no affiliate,
 * and a LAB15 order paid on 20 October.
 */
beforeAll(async () => {
  let clock = Date.parse('2026-10-01T00:00:00Z');
  const store = openSqliteStore({ file: databaseFile({ dataDir: data.dir }), now: () => clock });
  try {
    const { id: productId } = await store.products.add(
      newProductSchema.parse({ name: 'Affiliate vial', price: 39.99, stock: 50 }),
    );
    const codes: NewDiscountInput[] = [
      { code: 'LAB15', type: 'percent', value: 15, affiliate: 'Lab Co', commissionPercent: 12.5 },
      { code: 'LABTEN', type: 'amount', value: 10, affiliate: 'Lab Co' },
      { code: 'PEP5', type: 'percent', value: 5, affiliate: 'Peptide Pal', commissionPercent: 7.5 },
      { code: 'PLAIN20', type: 'percent', value: 20 },
    ];
    for (const code of codes) await store.discounts.create(newDiscountSchema.parse(code));
    const order = async (when: string, discountCode: string, quantity: number) => {
      clock = Date.parse(when);
      const { order } = await store.orders.place({
        uid: `uid-${randomUUID()}`,
        email: 'buyer@example.com',
        lines: [{ productId, quantity }],
        shippingAddress: { ...TEST_ADDRESS, line2: '' },
        paymentProvider: 'manual',
        idempotencyKey: randomUUID(),
        discountCode,
      });
      placed.push(order);
      return order;
    };
    const paid = async (when: string, discountCode: string, quantity: number) =>
      store.orders.markPaid((await order(when, discountCode, quantity)).id, { reference: null });

    await paid('2026-10-20T12:00:00Z', 'LAB15', 1);
    await paid('2026-11-02T09:00:00Z', 'LAB15', 3);
    const shipped = await paid('2026-11-02T10:00:00Z', 'LABTEN', 1);
    await store.orders.markShipped(shipped.id, { carrier: 'UPS', number: '1Z999AA1' });
    await paid('2026-11-02T11:00:00Z', 'PEP5', 1);
    const cancelled = await paid('2026-11-02T12:00:00Z', 'PEP5', 2);
    await store.orders.cancel(cancelled.id, 'changed their mind');
    await order('2026-11-02T13:00:00Z', 'LAB15', 1);
    await paid('2026-11-02T14:00:00Z', 'PLAIN20', 1);
  } finally {
    await store.close();
  }
});
afterAll(() => data.remove());

describe('shop report affiliates', () => {
  it('--json prints {from, to, affiliates}: paid and shipped orders only, figures in exact cents', async () => {
    expect(placed.map((o) => o.discount?.amountCents)).toEqual([600, 1800, 1000, 200, 400, 600, 800]);
    const result = await shop('--json', 'report', 'affiliates', '--from', '2026-11-01', '--to', '2026-11-30');
    expect(result.exitCode, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as AffiliateReport;
    expect(report).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      affiliates: [
        {
          affiliate: 'Lab Co',
          codes: ['LAB15', 'LABTEN'],
          orders: 2,
          revenueCents: 13_196,
          commissionCents: 1_575,
        },
        { affiliate: 'Peptide Pal', codes: ['PEP5'], orders: 1, revenueCents: 3_799, commissionCents: 285 },
      ],
    });
    expect(result.data).toEqual(report);
  });

  it('prints a table with a total row, money as dollars, and what counts as revenue', async () => {
    const result = await shop('report', 'affiliates', '--from', '2026-11-01', '--to', '2026-11-30');
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      [
        '┌────────────────────────────────┬───────────────┬────────┬─────────┬────────────┐',
        '│ affiliate                      │ codes         │ orders │ revenue │ commission │',
        '├────────────────────────────────┼───────────────┼────────┼─────────┼────────────┤',
        '│ Lab Co                         │ LAB15, LABTEN │ 2      │ $131.96 │ $15.75     │',
        '├────────────────────────────────┼───────────────┼────────┼─────────┼────────────┤',
        '│ Peptide Pal                    │ PEP5          │ 1      │ $37.99  │ $2.85      │',
        '├────────────────────────────────┼───────────────┼────────┼─────────┼────────────┤',
        '│ total 2026-11-01 to 2026-11-30 │               │ 3      │ $169.95 │ $18.60     │',
        '└────────────────────────────────┴───────────────┴────────┴─────────┴────────────┘',
        '',
      ].join('\n'),
    );
    expect(result.stderr).toContain('cancelled orders are left out');
  });

  it('counts the days asked for only', async () => {
    const october = await shop(
      '--json',
      'report',
      'affiliates',
      '--from',
      '2026-10-20',
      '--to',
      '2026-10-20',
    );
    expect((october.data as AffiliateReport).affiliates).toEqual([
      { affiliate: 'Lab Co', codes: ['LAB15'], orders: 1, revenueCents: 3_399, commissionCents: 425 },
    ]);
    const none = await shop('report', 'affiliates', '--from', '2026-11-03', '--to', '2026-11-30');
    expect(none.exitCode, none.stderr).toBe(0);
    expect(none.stdout).toBe('');
    expect(none.stderr).toBe("No paid order from 2026-11-03 to 2026-11-30 used an affiliate's code.\n");
  });

  it('refuses a day that is not one, or a range that runs backwards, with exit code 2', async () => {
    const bad = await shop('report', 'affiliates', '--from', '2026-11-31');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toBe('shop: from must be a day written YYYY-MM-DD\n');
    const backwards = await shop('report', 'affiliates', '--from', '2026-11-03', '--to', '2026-11-01');
    expect(backwards.exitCode).toBe(2);
    expect(backwards.stderr).toBe('shop: from must not be after to\n');
  });
});
