import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportSummary } from '../../cli/import/run-import.js';
import type { AdminAccount } from '../../shared/backend/auth/auth-service.js';
import { databaseFile } from '../../shared/backend/config.js';
import { openSqliteStore } from '../../shared/backend/store/sqlite/sqlite-store.js';
import type { Order } from '../../shared/domain/order.js';
import type { Product } from '../../shared/domain/product.js';
import { emulatorHost } from '../support/auth-users.js';
import { type CliResult, shopProcess, tempDataDir } from '../support/cli.js';

interface SeedSummary {
  products: { created: number; alreadyThere: number };
  users: { created: number; alreadyThere: number };
  orders: { placed: number; alreadyThere: number; skipped: number };
}

/**
 * Every command's happy path with --json, as an operator would run them one after another, through
 * the real bin/shop against one data folder. Commands whose order does not matter run together.
 */
describe('bin/shop, spawned: every command with --json against one data folder', () => {
  const data = tempDataDir('spawned');
  const file = (name: string, text: string) => {
    const path = join(data.dir, name);
    writeFileSync(path, text);
    return path;
  };
  const run = (...args: string[]) =>
    shopProcess(['--data', data.dir, ...args], {
      env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() },
      exactOutput: true,
    });
  /** Exit 0, stdout nothing but the JSON, stderr only messages, among them each of `messages`. */
  const json = async <T>(args: string[], ...messages: string[]): Promise<T> => {
    const result = await run('--json', ...args);
    expect(result.exitCode, result.stderr).toBe(0);
    expectOnlyMessages(result, messages);
    return JSON.parse(result.stdout) as T;
  };
  const expectOnlyMessages = (result: CliResult, messages: string[]) => {
    for (const message of messages) expect(result.stderr).toContain(message);
    // no data (JSON or a table) and no stack trace on stderr
    expect(result.stderr).not.toMatch(/^\s*[[{"│┌└]|^\s+at /m);
  };
  const failed = async (args: string[], exitCode: number, message: string) => {
    const result = await run(...args);
    expect(result.stderr).toContain(message);
    expect(result.exitCode).toBe(exitCode);
    expect(result.stdout).toBe('');
  };
  const byName = (list: Product[]) => Object.fromEntries(list.map((p) => [p.name, p]));
  const [ada, bob] = ['customer1.seed-spawned@example.com', 'customer2.seed-spawned@example.com'];

  beforeAll(async () => {
    const store = openSqliteStore({ file: databaseFile({ dataDir: data.dir }) });
    await store.messages.add({
      name: 'Rosalind',
      email: 'rf@example.com',
      message: 'Is TB-500 shipped cold?',
      uid: null,
    });
    await store.close();
  });
  afterAll(() => data.remove());

  it('seeds, adds, changes, imports, exports, grants and revokes, and handles orders; usage errors exit 2, failures 1', async () => {
    const [seeded, bpc, tb] = await Promise.all([
      json<SeedSummary>(
        ['seed', '--products', '4', '--users', '3', '--orders', '12', '--seed', 'spawned'],
        'Seeded with "spawned": 4 products,',
      ),
      json<Product>(
        ['products', 'add', '--name', 'Spawned BPC-157 5mg', '--price', '39.99', '--stock', '120'],
        'Added Spawned BPC-157 5mg ($39.99).',
      ),
      json<Product>(['products', 'add', '--name', 'Spawned TB-500 2mg', '--price', '29']),
      failed(['products', 'list', '--bogus'], 2, "unknown option '--bogus'"),
      failed(['--json', 'products', 'export', '--format', 'csv'], 2, '--format csv conflicts with --json'),
    ]);
    expect(seeded.products).toEqual({ created: 4, alreadyThere: 0 });
    expect(seeded.users.created + seeded.users.alreadyThere).toBe(3);
    expect(seeded.orders.placed + seeded.orders.skipped).toBe(12);
    expect(bpc).toMatchObject({
      id: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
      name: 'Spawned BPC-157 5mg',
      price: 39.99,
      stock: 120,
      available: true,
    });
    expect(tb).toMatchObject({ name: 'Spawned TB-500 2mg', price: 29, stock: null, available: true });

    const catalogue = file(
      'catalogue.csv',
      'name,price,description,category,brand,stock,available\r\n' +
        'Spawned Semax 10mg,45.50,<p>Nasal</p>,Cognitive,NovaPure,12,true\r\n' +
        'Spawned Selank 5mg,41,,Cognitive,NovaPure,,yes\r\n',
    );
    const [, updated, off, imported, grantedAda, grantedBob, orders, messages] = await Promise.all([
      failed(
        ['products', 'add', '--name', ' spawned bpc-157 5MG ', '--price', '1'],
        1,
        'A product with this name already exists',
      ),
      json<Product>(
        ['products', 'update', 'Spawned BPC-157 5mg', '--price', '34.99', '--stock', '80'],
        'Updated Spawned BPC-157 5mg.',
      ),
      json<Product>(['products', 'toggle', tb.id, '--off'], 'Spawned TB-500 2mg is now unavailable.'),
      json<ImportSummary>(
        ['products', 'import', catalogue],
        `Imported 2 new and 0 updated products from ${catalogue}.`,
      ),
      json<AdminAccount>(['admins', 'grant', ada], `${ada} is now an admin`),
      json<AdminAccount>(['admins', 'grant', bob], `${bob} is now an admin`),
      json<Order[]>(['orders', 'list']),
      json<{ name: string; email: string; message: string }[]>(['messages', 'list']),
    ]);
    expect(updated).toMatchObject({ id: bpc.id, price: 34.99, stock: 80 });
    expect(off).toMatchObject({ id: tb.id, available: false });
    expect(imported).toMatchObject({
      format: 'csv',
      rows: 2,
      created: 2,
      updated: 0,
      rejected: 0,
      written: true,
      dryRun: false,
      problems: [],
    });
    expect(grantedAda).toMatchObject({ email: ada, uid: expect.any(String), disabled: false });
    expect(grantedBob).toMatchObject({ email: bob, uid: expect.any(String) });
    expect(orders).toHaveLength(seeded.orders.placed);
    const pending = orders.filter((o) => o.status === 'pending_payment');
    expect(pending.length).toBeGreaterThanOrEqual(2);
    const [toShip, toCancel] = pending as [Order, Order];
    expect(messages).toEqual([
      expect.objectContaining({
        name: 'Rosalind',
        email: 'rf@example.com',
        message: 'Is TB-500 shipped cold?',
      }),
    ]);

    const plan = file('plan.csv', 'name,price\nspawned semax 10mg,47\nSpawned Ipamorelin 2mg,30\n');
    const [available, all, dryRun, admins, shipped, cancelled] = await Promise.all([
      json<Product[]>(['products', 'list']),
      json<Product[]>(['products', 'list', '--all']),
      json<ImportSummary>(
        ['products', 'import', plan, '--dry-run', '--update-existing'],
        'Dry run: nothing written.',
      ),
      json<AdminAccount[]>(['admins', 'list']),
      (async () => {
        const paid = await json<Order>(
          ['orders', 'mark-paid', toShip.number, '--reference', 'WIRE-7'],
          `Order ${toShip.number} is now paid.`,
        );
        expect(paid).toMatchObject({ id: toShip.id, status: 'paid', payment: { reference: 'WIRE-7' } });
        return json<Order>(
          ['orders', 'ship', toShip.id, '--tracking', '1Z999AA10123456784', '--carrier', 'UPS'],
          `Order ${toShip.number} is now shipped.`,
        );
      })(),
      json<Order>(
        ['orders', 'cancel', toCancel.number, '--note', 'Customer asked'],
        `Order ${toCancel.number} is now cancelled.`,
      ),
    ]);
    expect(available.map((p) => p.name)).not.toContain('Spawned TB-500 2mg');
    expect(available.every((p) => p.available)).toBe(true);
    expect(all).toHaveLength(8);
    expect(byName(all)).toMatchObject({
      'Spawned TB-500 2mg': { available: false },
      'Spawned BPC-157 5mg': { price: 34.99, stock: 80 },
      'Spawned Semax 10mg': { price: 45.5, stock: 12, description: '<p>Nasal</p>', brand: 'NovaPure' },
      'Spawned Selank 5mg': { price: 41, stock: null, available: true },
    });
    expect(available.map((p) => p.id)).toEqual(all.filter((p) => p.available).map((p) => p.id));
    expect(dryRun).toMatchObject({ dryRun: true, written: false, created: 1, updated: 1, rejected: 0 });
    expect(admins.map((a) => a.email)).toEqual(expect.arrayContaining([ada, bob]));
    expect(shipped).toMatchObject({
      id: toShip.id,
      status: 'shipped',
      tracking: { carrier: 'UPS', number: '1Z999AA10123456784' },
    });
    expect(cancelled).toMatchObject({ id: toCancel.id, status: 'cancelled' });

    const [revoked, on, deleted, shippedList, shown] = await Promise.all([
      json<AdminAccount>(['admins', 'revoke', ada], `${ada} is no longer staff`),
      json<Product>(
        ['products', 'toggle', 'spawned tb-500 2mg', '--on'],
        'Spawned TB-500 2mg is now available.',
      ),
      json<{ deleted: Product }>(['products', 'delete', bpc.id, '--yes'], 'Deleted Spawned BPC-157 5mg.'),
      json<Order[]>(['orders', 'list', '--status', 'shipped']),
      json<Order>(['orders', 'show', toShip.number.toLowerCase()]),
    ]);
    expect(revoked).toMatchObject({ email: ada, uid: grantedAda.uid });
    expect(on).toMatchObject({ id: tb.id, available: true });
    expect(deleted.deleted).toMatchObject({ id: bpc.id, name: 'Spawned BPC-157 5mg' });
    expect(shippedList.map((o) => o.id)).toContain(toShip.id);
    expect(shippedList.every((o) => o.status === 'shipped')).toBe(true);
    expect(shown).toMatchObject({ id: toShip.id, status: 'shipped', payment: { reference: 'WIRE-7' } });

    const [csvOut, jsonOut] = [join(data.dir, 'out.csv'), join(data.dir, 'out.json')];
    const [adminsAfter, csv, exported, toCsvFile, toJsonFile] = await Promise.all([
      json<AdminAccount[]>(['admins', 'list']),
      run('products', 'export', '--format', 'csv'),
      json<Product[]>(['products', 'export']),
      run('products', 'export', '--out', csvOut),
      run('products', 'export', '--format', 'json', '--out', jsonOut),
    ]);
    expect(adminsAfter.map((a) => a.email)).toContain(bob);
    expect(adminsAfter.map((a) => a.email)).not.toContain(ada);
    expect(csv).toMatchObject({ exitCode: 0, stderr: '' });
    const lines = csv.stdout.split('\r\n');
    expect(lines[0]).toBe(
      'name,price,description,category,brand,stock,available,image,sku,compare-at,option1 name,option1 value,option2 name,option2 value,option3 name,option3 value,variant available,variant image,images,tags,cas,formula,mw,sequence,purity,form,storage',
    );
    expect(
      lines.some((l) => l.startsWith('Spawned Semax 10mg,45.5,<p>Nasal</p>,Cognitive,NovaPure,12,true,')),
    ).toBe(true);
    // a row per size, after the header; the last line ends
    expect(lines).toHaveLength(1 + exported.reduce((rows, p) => rows + p.variants.length, 0) + 1);
    expect(exported).toHaveLength(7);
    expect(byName(exported)).toMatchObject({
      'Spawned TB-500 2mg': { id: tb.id, available: true },
      'Spawned Semax 10mg': { price: 45.5 },
    });
    expect(exported.map((p) => p.name)).not.toContain('Spawned BPC-157 5mg');
    expect(exported.map((p) => p.name)).not.toContain('Spawned Ipamorelin 2mg');
    for (const [result, out] of [
      [toCsvFile, csvOut],
      [toJsonFile, jsonOut],
    ] as const) {
      expect(result).toMatchObject({ exitCode: 0, stdout: '', stderr: `Exported 7 products to ${out}.\n` });
    }
    expect(readFileSync(csvOut, 'utf8')).toBe(csv.stdout);
    expect(JSON.parse(readFileSync(jsonOut, 'utf8'))).toEqual(exported);
  });
});
