import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFile } from '../../../shared/backend/config.js';
import { openSqliteStore } from '../../../shared/backend/store/sqlite/sqlite-store.js';
import type { Order } from '../../../shared/domain/order.js';
import { newProductSchema } from '../../../shared/domain/product.js';
import type { ShipmentReport } from '../../../shared/domain/shipment-report.js';
import { emulatorHost } from '../../support/auth-users.js';
import { shopInProcess, shopProcess, tempDataDir } from '../../support/cli.js';
import { TEST_ADDRESS } from '../../support/constants.js';
import { readOutbox } from '../../support/smtp-inbox.js';

const data = tempDataDir('orders-workflow');
const env = () => ({ FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() });
const shop = (...args: string[]) => shopInProcess(data.dir, args, env());
const file = (name: string, text: string) => {
  const path = join(data.dir, name);
  writeFileSync(path, text);
  return path;
};
const shipFile = (name: string, text: string, ...flags: string[]) =>
  shop('orders', 'ship', '--from-file', file(name, text), ...flags);
/** `shop orders export` of the days (both included) and any more flags. */
const exportDays = (from: string, to: string, ...flags: string[]) =>
  shop('orders', 'export', '--from', from, '--to', to, ...flags);
const placed: Record<'nov1' | 'nov2' | 'nov3' | 'unpaid' | 'paidA' | 'paidB', Order> = {} as never;

/** Orders placed on given days (UTC), through a store whose clock says so. */
async function placeOn(day: string, key: string, address = TEST_ADDRESS): Promise<Order> {
  const store = openSqliteStore({
    file: databaseFile({ dataDir: data.dir }),
    now: () => Date.parse(`${day}T12:00:00Z`),
  });
  try {
    const product =
      (await store.products.findByName('BPC-157, "research" grade')) ??
      (await store.products.add(
        newProductSchema.parse({ name: 'BPC-157, "research" grade', price: 39.5, sku: 'BPC-5', stock: 50 }),
      ));
    const { order } = await store.orders.place({
      uid: 'uid-ada',
      email: 'ada@example.com',
      lines: [{ productId: product.id, quantity: 2 }],
      shippingAddress: { line2: '', ...address },
      paymentProvider: 'manual',
      idempotencyKey: `key-${key}-0000000000000000`,
    });
    return order;
  } finally {
    await store.close();
  }
}

async function withStore<T>(use: (store: ReturnType<typeof openSqliteStore>) => Promise<T>): Promise<T> {
  const store = openSqliteStore({ file: databaseFile({ dataDir: data.dir }) });
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}

beforeAll(async () => {
  placed.nov1 = await placeOn('2026-11-01', 'nov1');
  placed.nov2 = await placeOn('2026-11-02', 'nov2', {
    ...TEST_ADDRESS,
    fullName: 'Ada "Countess", Lovelace',
    line1: '=HYPERLINK("http://evil.example")',
  });
  placed.nov3 = await placeOn('2026-11-03', 'nov3');
  placed.unpaid = await placeOn('2026-11-10', 'unpaid');
  placed.paidA = await placeOn('2026-11-10', 'paida');
  placed.paidB = await placeOn('2026-11-10', 'paidb');
  await withStore(async (store) => {
    for (const o of [placed.paidA, placed.paidB]) await store.orders.markPaid(o.id, { reference: null });
  });
});
afterAll(() => data.remove());

describe('shop orders export', () => {
  it('writes the orders placed from --from to --to as CSV, one row per line, cells quoted and never formulas', async () => {
    const result = await exportDays('2026-11-02', '2026-11-03');
    expect(result.exitCode, result.stderr).toBe(0);
    const [header, ...rows] = parse(result.stdout) as string[][];
    // The older columns keep their places (importers read them by position); newer ones come after them.
    expect(header).toEqual([
      ...['order_number', 'order_id', 'placed_at', 'status', 'email', 'ship_to_name', 'address_line1'],
      ...['address_line2', 'city', 'region', 'postal_code', 'country', 'phone', 'sku', 'product', 'options'],
      ...['quantity', 'unit_price', 'line_total', 'subtotal', 'shipping', 'total', 'payment_provider'],
      ...['payment_reference', 'tracking_carrier', 'tracking_number'],
      ...['discount_code', 'discount', 'shipping_option', 'tax_label', 'tax_rate', 'tax_inclusive', 'tax'],
      'cold_pack',
    ]);
    const at = (row: string[], column: string) => row[header!.indexOf(column)];
    expect(rows.map((r) => at(r, 'order_number'))).toEqual([placed.nov2.number, placed.nov3.number]);
    const nov2 = rows[0]!;
    expect(at(nov2, 'ship_to_name')).toBe('Ada "Countess", Lovelace');
    expect(at(nov2, 'address_line1')).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(at(nov2, 'product')).toBe('BPC-157, "research" grade');
    expect(at(nov2, 'sku')).toBe('BPC-5');
    expect(at(nov2, 'quantity')).toBe('2');
    expect(at(nov2, 'unit_price')).toBe('39.50');
    expect(at(nov2, 'placed_at')).toBe('2026-11-02T12:00:00.000Z');
    expect(result.stdout).toContain('"Ada ""Countess"", Lovelace"');
    expect(result.stdout.endsWith('\r\n')).toBe(true);
  });

  it('writes JSON with --format json: the orders of the days, oldest first', async () => {
    const result = await exportDays('2026-11-01', '2026-11-02', '--format', 'json');
    expect(result.exitCode, result.stderr).toBe(0);
    const orders = JSON.parse(result.stdout) as Order[];
    expect(orders.map((o) => o.id)).toEqual([placed.nov1.id, placed.nov2.id]);
    expect(orders[1]!.shippingAddress.fullName).toBe('Ada "Countess", Lovelace');
  });

  it('writes every order without --from and --to, and an empty array for days with none', async () => {
    const all = JSON.parse((await shop('--json', 'orders', 'export')).stdout) as Order[];
    expect(all).toHaveLength(6);
    expect((await exportDays('2020-01-01', '2020-01-02', '--format', 'json')).stdout).toBe('[]\n');
  });

  it('refuses a day that is not one, with exit code 2 naming the option', async () => {
    const result = await shop('orders', 'export', '--from', '2026-02-30');
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--from must be a day written YYYY-MM-DD');
    const reversed = await exportDays('2026-11-03', '2026-11-01');
    expect(reversed.exitCode).toBe(2);
    expect(reversed.stderr).toContain('--from 2026-11-03 is after --to 2026-11-01');
  });
});

describe('shop orders ship --from-file', () => {
  const statusOf = (o: Order) => withStore(async (store) => (await store.orders.get(o.id))!.status);

  it('ships nothing when a row is rejected, reporting each row, the valid ones "not written"', async () => {
    const csv = file(
      'mixed.csv',
      `order,tracking,carrier\n${placed.paidA.number},1Z999AA10123456784,UPS\n${placed.unpaid.number},1Z999AA10123456785,UPS\nHP-NOSUCH1,1Z999AA10123456786,\n\n${placed.paidB.number},12,DHL\n`,
    );
    const result = await shop('--json', 'orders', 'ship', '--from-file', csv);
    expect(result.exitCode).toBe(1);
    const report = result.data as ShipmentReport;
    expect(JSON.parse(result.stdout)).toEqual(report);
    expect(report.written).toBe(false);
    expect(report.rows).toEqual([
      { row: 2, order: placed.paidA.number, outcome: 'not written' },
      {
        row: 3,
        order: placed.unpaid.number,
        outcome: 'rejected',
        error: `column order: ${placed.unpaid.number} is awaiting payment; only a paid order can be shipped`,
      },
      {
        row: 4,
        order: 'HP-NOSUCH1',
        outcome: 'rejected',
        error: 'column order: no order has the number HP-NOSUCH1',
      },
      {
        row: 6,
        order: placed.paidB.number,
        outcome: 'rejected',
        error: 'column tracking: Tracking number must be at least 3 characters',
      },
    ]);
    expect(result.stderr).toContain('3 rows rejected: nothing was shipped');
    expect(await statusOf(placed.paidA)).toBe('paid');
  });

  it('with --skip-invalid ships the valid rows, e-mails their shoppers, and exits 1 for the rejected', async () => {
    const csv = file(
      'skip.csv',
      `Order Number,Tracking Number\n${placed.paidA.number.toLowerCase()},1Z999AA10123456784\n${placed.unpaid.number},1Z999AA10123456785\n`,
    );
    const result = await shop('orders', 'ship', '--from-file', csv, '--skip-invalid');
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(`Row 2 (${placed.paidA.number}): shipped`);
    expect(result.stdout).toContain(`Row 3 (${placed.unpaid.number}): rejected — column order:`);
    expect(result.stderr).toContain('Shipped 1 order; 1 row rejected');
    expect(await statusOf(placed.paidA)).toBe('shipped');
    expect(await statusOf(placed.unpaid)).toBe('pending_payment');
    const mail = (await readOutbox(data.dir)).filter((m) => m.text.includes(placed.paidA.number));
    expect(mail.map((m) => m.text).join('\n')).toContain('1Z999AA10123456784');
  });

  it('ships every row of a valid file with exit code 0', async () => {
    // As a spreadsheet saves "Unicode text": UTF-16 with a BOM, CRLF.
    const csv = join(data.dir, 'good.csv');
    const text = `\uFEFForder,tracking,carrier\r\n${placed.paidB.number},"JD0146000033",DHL\r\n`;
    writeFileSync(csv, Buffer.from(text, 'utf16le'));
    const result = await shop('orders', 'ship', '--from-file', csv);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain('Shipped 1 order.');
    const shipped = await withStore(async (store) => (await store.orders.get(placed.paidB.id))!);
    expect(shipped.tracking).toEqual({ carrier: 'DHL', number: 'JD0146000033' });
  });

  it('names the row and column of a file it cannot read, and refuses a file without the columns', async () => {
    const noTracking = await shipFile('cols.csv', 'order,carrier\nHP-1,UPS\n');
    expect(noTracking.exitCode).toBe(1);
    expect(noTracking.stderr).toContain('Row 1 (the header) has no "tracking" column');
    const quote = await shipFile('quote.csv', 'order,tracking\nHP-1,"unclosed\n');
    expect(quote.exitCode).toBe(1);
    expect(quote.stderr).toMatch(/quote\.csv: Row \d+: .*quote/i);
    const tooMany = await shipFile('cells.csv', 'order,tracking\nHP-1,1Z9,UPS,x\n');
    expect(tooMany.stdout).toContain('Row 2 (HP-1): rejected — 4 cells where the header has 2');
    const missing = await shop('orders', 'ship', '--from-file', join(data.dir, 'nothing.csv'));
    expect(missing.stderr).toContain('no such file');
    const both = await shop('orders', 'ship', placed.paidA.number, '--from-file', join(data.dir, 'good.csv'));
    expect(both.exitCode).toBe(2);
  });

  it('runs from the installed command: exit code 1 and the report on stdout when a row is rejected', async () => {
    const csv = file('spawned.csv', `order,tracking\n${placed.unpaid.number},1Z999AA10123456785\n`);
    const result = await shopProcess(['--data', data.dir, 'orders', 'ship', '--from-file', csv], {
      env: env(),
    });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(`Row 2 (${placed.unpaid.number}): rejected`);
  });
});
