import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminChange } from '../../cli/commands/admins/admins.js';
import type { OrderChange } from '../../cli/commands/orders/orders.js';
import { listOrders, markPaid } from '../../cli/commands/orders/orders.js';
import type { ProductExport } from '../../cli/commands/products/export.js';
import { importProducts } from '../../cli/commands/products/import.js';
import { listProducts, type ProductListing } from '../../cli/commands/products/products.js';
import { databaseFile } from '../../shared/backend/config.js';
import { openSqliteStore } from '../../shared/backend/store/sqlite/sqlite-store.js';
import { ORDER_FILTERS, type Order } from '../../shared/domain/order.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { emulatorHost } from '../support/auth-users.js';
import { runCommand, shopInProcess, tempDataDir } from '../support/cli.js';
import { placeStoredOrder } from '../support/place-order.js';

const data = tempDataDir('command-data');
const env = () => ({ FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() });
const shop = (...args: string[]) => shopInProcess(data.dir, args, env());
/** What JSON keeps of a value (no undefined fields), to compare with what --json printed. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));
const [ada, bob] = ['customer1.seed-cmddata@example.com', 'customer2.seed-cmddata@example.com'];
const orders: { toPay: Order; toCancel: Order; overdue: Order } = {} as never;

beforeAll(async () => {
  const eightDaysAgo = Date.now() - 8 * 24 * 60 * 60 * 1000;
  const past = openSqliteStore({ file: databaseFile({ dataDir: data.dir }), now: () => eightDaysAgo });
  const old = await past.products.add(newProductSchema.parse({ name: 'Old stock', price: 20, stock: 9 }));
  orders.overdue = await placeStoredOrder(past.orders, old.id, 1, { email: 'late@example.com' });
  await past.close();
  const store = openSqliteStore({ file: databaseFile({ dataDir: data.dir }) });
  orders.toPay = await placeStoredOrder(store.orders, old.id, 1, { email: 'pays@example.com' });
  orders.toCancel = await placeStoredOrder(store.orders, old.id, 2, { email: 'changes@example.com' });
  await store.messages.add({ name: 'Rosalind', email: 'rf@example.com', message: 'Storage?', uid: null });
  await store.close();
  writeFileSync(join(data.dir, 'new.csv'), 'name,price,stock\nImported vial,8.5,3\n');
});
afterAll(() => data.remove());

const order = (c: OrderChange) => c.order;
/** Every product in the store, as a list or export streamed from it prints them. */
async function storedProducts() {
  const store = openSqliteStore({ file: databaseFile({ dataDir: data.dir }) });
  try {
    return await store.products.listAll();
  } finally {
    await store.close();
  }
}
const account = (c: AdminChange) => c.account;
const backupFile = () => join(data.dir, 'copy.sqlite');

/**
 * Every command, run in this order on one data folder, and what of its returned data --json prints:
 * the data itself, but for a status change the order (or account) without whether it changed, and for
 * list and export, which stream the products from the store as they print them, the products.
 */
// biome-ignore lint/suspicious/noExplicitAny: each row has its own data type
const commands: [string, () => string[], (data: any) => unknown][] = [
  ['seed', () => ['seed', '--products', '3', '--users', '2', '--seed', 'cmd-data'], (d) => d],
  ['products add', () => ['products', 'add', '--name', 'Data vial', '--price', '12.5'], (d) => d],
  ['products update', () => ['products', 'update', 'data vial', '--stock', '5'], (d) => d],
  ['products toggle', () => ['products', 'toggle', 'Data vial', '--off'], (d) => d],
  ['products list', () => ['products', 'list', '--all'], () => storedProducts()],
  ['products import', () => ['products', 'import', join(data.dir, 'new.csv')], (d) => d],
  ['products export', () => ['products', 'export'], () => storedProducts()],
  ['orders list', () => ['orders', 'list', '--status', 'pending_payment'], (d) => d],
  ['orders show', () => ['orders', 'show', orders.toPay.number], (d) => d],
  ['orders mark-paid', () => ['orders', 'mark-paid', orders.toPay.number], order],
  ['orders ship', () => ['orders', 'ship', orders.toPay.id, '--tracking', '1Z999AA1'], order],
  ['orders cancel', () => ['orders', 'cancel', orders.toCancel.id], order],
  ['orders cancel-overdue', () => ['orders', 'cancel-overdue'], (d) => d],
  ['admins grant', () => ['admins', 'grant', ada], account],
  ['admins grant (a second)', () => ['admins', 'grant', bob], account],
  ['admins list', () => ['admins', 'list'], (d) => d],
  ['admins revoke', () => ['admins', 'revoke', bob], account],
  ['messages list', () => ['messages', 'list'], (d) => d],
  ['images prune', () => ['images', 'prune', '--dry-run'], (d) => d],
  ['backup', () => ['backup', backupFile()], (d) => d],
  ['restore', () => ['restore', backupFile()], (d) => d],
  ['products delete', () => ['products', 'delete', 'Data vial', '--yes'], (d) => d],
];

describe('shop --json prints the data each command’s run returned', () => {
  it.each(commands)('%s', async (_name, args, printed) => {
    const result = await shop('--json', ...args());
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.data).toBeDefined();
    expect(JSON.parse(result.stdout)).toEqual(asJson(await printed(result.data)));
  });

  it('covered a run that did something in each: orders moved, admins changed, the overdue one cancelled', async () => {
    const all = (await runCommand(data.dir, listOrders, [{ status: 'all' }])).data;
    const status = (o: Order) => all.find((x) => x.id === o.id)?.status;
    expect([status(orders.toPay), status(orders.toCancel), status(orders.overdue)]).toEqual([
      'shipped',
      'cancelled',
      'cancelled',
    ]);
  });
});

describe('a command’s run returns its data and prints nothing; printing is separate', () => {
  it('products list reads the store only as it prints: its run lists nothing yet and writes nothing', async () => {
    const { data: listing, stdout } = await runCommand(data.dir, listProducts, [{ all: true }]);
    expect([listing, stdout]).toEqual([{ all: true, products: 0 }, '']);
  });

  it('returns the same data whether it is printed as a table or as JSON', async () => {
    const [table, json] = [
      await shop('products', 'list', '--all'),
      await shop('--json', 'products', 'list', '--all'),
    ];
    expect(table.stdout).toContain('Imported vial');
    expect(table.data).toEqual(json.data);
    const listed = (json.data as ProductListing).products;
    expect(listed).toBe((await storedProducts()).length);
    const csv = await shop('products', 'export');
    expect(csv.stdout.split('\r\n')[0]).toMatch(
      /^name,price,description,category,brand,stock,available,image,sku,/,
    );
    expect(csv.data as ProductExport).toMatchObject({
      format: 'csv',
      file: null,
      products: listed,
    });
  });

  it('a repeated mark-paid returns the order unchanged and says so in its data', async () => {
    const pending = (await runCommand(data.dir, listOrders, [{ status: 'pending_payment' }])).data;
    expect(pending).toEqual([]);
    const store = openSqliteStore({ file: databaseFile({ dataDir: data.dir }) });
    const product = await store.products.add(newProductSchema.parse({ name: 'Paid twice', price: 4 }));
    const placed = await placeStoredOrder(store.orders, product.id, 1);
    await store.close();
    const first = await runCommand(data.dir, markPaid, [placed.number, {}]);
    expect([first.data.changed, first.data.order.status, first.stdout]).toEqual([true, 'paid', '']);
    const again = await runCommand(data.dir, markPaid, [placed.number, {}]);
    expect([again.data.changed, again.data.order.updatedAt]).toEqual([false, first.data.order.updatedAt]);
  });

  it('an import with a bad row returns its summary; printing it is what exits 1', async () => {
    const file = join(data.dir, 'bad.csv');
    writeFileSync(file, 'name,price\nGood vial,5\nBad vial,free\n');
    const run = await runCommand(data.dir, importProducts, [file, {}]);
    expect(run.stdout).toBe('');
    expect(run.data).toMatchObject({ created: 1, rejected: 1, written: false });
    expect(run.data.problems).toEqual([expect.objectContaining({ row: 3, column: 'price' })]);

    const printed = await shop('--json', 'products', 'import', file);
    expect(printed.exitCode).toBe(1);
    expect(JSON.parse(printed.stdout)).toEqual(asJson(run.data));
    expect(printed.stderr).toContain('1 bad row: nothing was written');
  });

  it('orders list --status offers exactly the domain’s filters', async () => {
    const refused = await shop('orders', 'list', '--status', 'lost');
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(`Allowed choices are ${ORDER_FILTERS.join(', ')}.`);
    for (const filter of ORDER_FILTERS)
      expect((await shop('orders', 'list', '--status', filter)).exitCode).toBe(0);
  });
});
