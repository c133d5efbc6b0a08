import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startOverdueSweeper } from '../../shared/backend/orders/overdue-sweeper.js';
import type { OrderRepository } from '../../shared/backend/store/port.js';
import { openSqliteStore } from '../../shared/backend/store/sqlite/sqlite-store.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { bankTransferPayments } from '../support/bank-transfer-payments.js';
import { placeStoredOrder } from '../support/place-order.js';

const dir = mkdtempSync(join(tmpdir(), 'shop-sweeper-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const HOUR = 60 * 60 * 1000;

describe('the running shop’s sweep of unpaid bank-transfer orders', () => {
  it('cancels overdue orders as it starts, saying which, and leaves younger ones', async () => {
    let clock = Date.UTC(2026, 10, 1);
    const store = openSqliteStore({ file: join(dir, 'sweep.sqlite'), now: () => clock });
    const product = await store.products.add(
      newProductSchema.parse({ name: 'CJC-1295', price: 40, stock: 2 }),
    );
    const place = () => placeStoredOrder(store.orders, product.id, 1);
    const old = await place();
    clock += 40 * HOUR;
    const recent = await place();

    const lines: string[] = [];
    const sweeper = startOverdueSweeper(
      { orders: store.orders, payments: bankTransferPayments(store) },
      {
        // The default hold: 48 hours after the older order was placed, 8 after the younger.
        now: () => clock + 8 * HOUR,
        log: (l) => lines.push(l),
      },
    );
    await sweeper.stop();

    expect(lines).toEqual([
      `Cancelled unpaid order ${old.number} (buyer@example.com): past its payment deadline.`,
    ]);
    expect((await store.orders.get(recent.id))?.status).toBe('pending_payment');
    expect((await store.products.get(product.id))?.stock).toBe(1);
    await store.close();
  });

  it('logs a failed sweep instead of stopping the shop', async () => {
    const broken = {
      list: () => Promise.reject(new Error('database is locked')),
    } as unknown as OrderRepository;
    const lines: string[] = [];
    await startOverdueSweeper(
      { orders: broken, payments: bankTransferPayments({ orders: broken }) },
      { log: (l) => lines.push(l) },
    ).stop();
    expect(lines).toEqual(['Could not cancel overdue orders: database is locked']);
  });
});
