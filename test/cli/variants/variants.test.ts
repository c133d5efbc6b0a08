import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VariantRow } from '../../../cli/commands/variants/variants.js';
import { databaseFile } from '../../../shared/backend/config.js';
import { updateVariant } from '../../../shared/backend/products/update-from-current.js';
import { openSqliteStore, type SqliteStore } from '../../../shared/backend/store/sqlite/sqlite-store.js';
import type { Order, RequestedLine } from '../../../shared/domain/order.js';
import type { Product } from '../../../shared/domain/product.js';
import { shopInProcess, shopProcess, tempDataDir } from '../../support/cli.js';
import { TEST_ADDRESS } from '../../support/constants.js';

const data = tempDataDir('variants');
afterAll(() => data.remove());
const shop = (...args: string[]) => shopInProcess(data.dir, args);
const returned = async <T>(...args: string[]): Promise<T> => {
  const result = await shop(...args);
  expect(result.exitCode, result.stderr).toBe(0);
  return result.data as T;
};
/** A store beside the CLI's, as the running shop would hold one. */
const withStore = async <T>(use: (store: SqliteStore) => Promise<T>): Promise<T> => {
  const store = openSqliteStore({ file: databaseFile({ dataDir: data.dir }) });
  try {
    return await use(store);
  } finally {
    await store.close();
  }
};
const stored = (name: string) => withStore(async (s) => (await s.products.findByName(name))!);
const size = (p: Product, value: string) => p.variants.find((v) => v.options.Size === value)!;
/** A bank-transfer order of these lines, straight through a store (as the running shop places it). */
const place = async (store: SqliteStore, lines: RequestedLine[]): Promise<Order> =>
  (
    await store.orders.place({
      uid: 'uid-sizes',
      email: 'sizes@example.com',
      lines,
      shippingAddress: { ...TEST_ADDRESS, line2: '' },
      paymentProvider: 'manual',
      idempotencyKey: randomUUID(),
    })
  ).order;

let bpc: Product;
beforeAll(async () => {
  bpc = await returned<Product>(
    'products',
    'add',
    'BPC-157',
    '--option',
    'Size=5mg,10mg',
    '--variant',
    '5mg:sku=BPC-5,price=39.99,stock=20',
    '--variant',
    '10mg:sku=BPC-10,price=69.99',
    '--cas',
    '137525-51-0',
    '--formula',
    'C62H98N16O22',
    '--mw',
    '1419.53',
    '--purity',
    '≥ 99% (HPLC)',
    '--form',
    'Lyophilised powder',
    '--storage',
    '-20 °C',
    '--category',
    'Tissue Repair',
  );
});

describe('shop products add with sizes and specs', () => {
  it('adds one product with a variant per --variant, its SKU, price and stock, and the specs', async () => {
    expect(bpc.options).toEqual([{ name: 'Size', values: ['5mg', '10mg'] }]);
    expect(bpc.variants.map((v) => [v.options, v.sku, v.price, v.stock, v.available])).toEqual([
      [{ Size: '5mg' }, 'BPC-5', 39.99, 20, true],
      [{ Size: '10mg' }, 'BPC-10', 69.99, null, true],
    ]);
    expect(bpc.price).toBe(39.99);
    expect(bpc.specs).toEqual({
      casNumber: '137525-51-0',
      molecularFormula: 'C62H98N16O22',
      molecularWeight: 1419.53,
      purity: '≥ 99% (HPLC)',
      form: 'Lyophilised powder',
      storage: '-20 °C',
    });
    expect(await stored('BPC-157')).toEqual(bpc);
  });

  it('with --option and no --variant, makes every combination at --price and --stock, without SKUs', async () => {
    const p = await returned<Product>(
      'products',
      'add',
      '--name',
      'Combination peptide',
      '--option',
      'Size=5mg,10mg',
      '--option',
      'Form=vial,pen',
      '--price',
      '25',
      '--stock',
      '3',
    );
    expect(p.variants.map((v) => [v.options, v.sku, v.price, v.stock])).toEqual([
      [{ Size: '5mg', Form: 'vial' }, '', 25, 3],
      [{ Size: '5mg', Form: 'pen' }, '', 25, 3],
      [{ Size: '10mg', Form: 'vial' }, '', 25, 3],
      [{ Size: '10mg', Form: 'pen' }, '', 25, 3],
    ]);
    expect(p.stock).toBe(12);
  });

  it.each([
    [
      ['--variant', '20mg:price=5'],
      '--variant "20mg:price=5": 20mg is not one of the Size values (5mg, 10mg)',
    ],
    [
      ['--variant', '5mg:price=cheap'],
      '--variant "5mg:price=cheap": price=: Price must be a number, not "cheap"',
    ],
    [
      ['--variant', '5mg:colour=red,price=5'],
      '--variant "5mg:colour=red,price=5": "colour=red" is not one of sku=, price=, stock=, compare-at=, available=',
    ],
    [
      ['--variant', '5mg/vial:price=5'],
      '--variant "5mg/vial:price=5": name one value of each option, in order, joined by / (Size)',
    ],
    [
      ['--variant', '5mg:sku=X-1,price=5', '--variant', '10mg:sku=x-1,price=6'],
      '--variant "10mg:sku=x-1,price=6": SKU x-1 is also variant 1\'s',
    ],
    [['--variant', '5mg:stock=2', '--variant', '10mg:price=5'], 'Missing --price'],
    [['--price', '10', '--cas', '137525-51-1'], '--cas: CAS number is not valid'],
    [['--price', '10', '--mw', 'heavy'], '--mw: Molecular weight must be a number (g/mol), not "heavy"'],
    [['--price', 'ten'], '--price: Price must be a number, not "ten"'],
    [['--price', '10', '--sku', 'ONE'], '--sku: Set sku on each variant, not on the product'],
  ])('refuses %j with exit 2, naming the flag, and adds nothing', async (flags, message) => {
    const name = `Refused ${randomUUID()}`;
    const result = await shop('products', 'add', name, '--option', 'Size=5mg,10mg', ...flags);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(message);
    expect(await withStore((s) => s.products.findByName(name))).toBeNull();
  });

  it('refuses --variant without --option, and a name given twice differently', async () => {
    const lone = await shop('products', 'add', 'Lone', '--variant', '5mg:price=5');
    expect(lone.exitCode).toBe(2);
    expect(lone.stderr).toContain('--variant: needs --option first, e.g. --option Size=5mg,10mg');
    const twice = await shop('products', 'add', 'One name', '--name', 'Another', '--price', '5');
    expect(twice.exitCode).toBe(2);
    expect(twice.stderr).toContain('Give the name once');
  });

  it('refuses a SKU another product has with exit 1, adding nothing', async () => {
    const result = await shop('products', 'add', 'Copycat', '--price', '5', '--sku', 'bpc-10');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('SKU bpc-10 is already used by another product or variant');
    expect(await withStore((s) => s.products.findByName('Copycat'))).toBeNull();
  });

  it('adds a product sold one way as before, with its SKU, and lists variant count and total stock', async () => {
    const single = await returned<Product>(
      'products',
      'add',
      'Single vial',
      '--price',
      '10',
      '--sku',
      'SV-1',
      '--stock',
      '7',
    );
    expect(single.variants).toEqual([
      {
        id: single.variants[0]!.id,
        sku: 'SV-1',
        options: {},
        price: 10,
        compareAtPrice: null,
        stock: 7,
        available: true,
        imgUrl: '',
      },
    ]);
    const listed = await shop('products', 'list');
    const row = (name: string) => listed.stdout.split('\n').find((l) => l.includes(name))!;
    expect(listed.stdout.split('\n')[1]).toMatch(
      /│ id\s+│ name\s+│ price\s+│ available │ variants │ stock │/,
    );
    expect(row('BPC-157')).toMatch(/│ from \$39\.99 │ yes\s+│ 2\s+│ 20\s+│$/);
    expect(row('Single vial')).toMatch(/│ \$10\.00\s+│ yes\s+│ 1\s+│ 7\s+│$/);
  });

  it('products update merges the spec flags given into the product’s specs; an empty one removes it', async () => {
    const updated = await returned<Product>(
      'products',
      'update',
      'BPC-157',
      '--purity',
      '≥ 98%',
      '--form',
      '',
    );
    expect(updated.specs).toEqual({
      casNumber: '137525-51-0',
      molecularFormula: 'C62H98N16O22',
      molecularWeight: 1419.53,
      purity: '≥ 98%',
      storage: '-20 °C',
    });
    bpc = updated;
  });
});

describe('shop variants', () => {
  it('lists every variant with its product, SKU, price, stock and availability; --product narrows it', async () => {
    const rows = await returned<VariantRow[]>('variants', 'list', '--product', 'bpc-157');
    expect(rows).toEqual([
      expect.objectContaining({
        product: 'BPC-157',
        variant: '5mg',
        sku: 'BPC-5',
        price: 39.99,
        stock: 20,
        available: true,
      }),
      expect.objectContaining({
        product: 'BPC-157',
        variant: '10mg',
        sku: 'BPC-10',
        price: 69.99,
        stock: null,
      }),
    ]);
    const table = await shop('variants', 'list');
    expect(table.stdout.split('\n')[1]).toMatch(
      /│ product\s+│ variant\s+│ SKU\s+│ price\s+│ stock │ available\s+│/,
    );
    expect(table.stdout).toMatch(/│ BPC-157\s+│ 10mg\s+│ BPC-10\s+│ \$69\.99\s+│ —\s+│ yes\s+│/);
    expect(table.stderr).toMatch(/^\d+ variants\n$/);
  });

  it('update changes one variant found by SKU in any case, leaving the other size as it is', async () => {
    const row = await returned<VariantRow>(
      'variants',
      'update',
      'bpc-10',
      '--price',
      '64.99',
      '--stock',
      '40',
      '--compare-at',
      '69.99',
    );
    expect(row).toMatchObject({
      sku: 'BPC-10',
      price: 64.99,
      compareAtPrice: 69.99,
      stock: 40,
      available: true,
    });
    const after = await stored('BPC-157');
    expect(size(after, '10mg')).toEqual({
      ...size(bpc, '10mg'),
      price: 64.99,
      compareAtPrice: 69.99,
      stock: 40,
    });
    expect(size(after, '5mg')).toEqual(size(bpc, '5mg'));
    expect(after.stock).toBe(60);
    bpc = after;
  });

  it('update finds a variant by id, changes its SKU and availability', async () => {
    const five = size(bpc, '5mg');
    const row = await returned<VariantRow>(
      'variants',
      'update',
      five.id,
      '--sku',
      'BPC-5-B',
      '--unavailable',
    );
    expect(row).toMatchObject({ variantId: five.id, sku: 'BPC-5-B', available: false });
    const back = await returned<VariantRow>('variants', 'update', 'BPC-5-B', '--sku', 'BPC-5', '--available');
    expect(back).toMatchObject({ sku: 'BPC-5', available: true });
    bpc = await stored('BPC-157');
  });

  it.each([
    [['NO-SUCH-SKU', '--price', '5'], 1, 'No variant has the SKU or id "NO-SUCH-SKU"'],
    [['BPC-10'], 2, 'Nothing to update'],
    [['BPC-10', '--price', 'free'], 2, '--price: Price must be a number, not "free"'],
    [['BPC-10', '--compare-at', '10'], 2, '--compare-at: Compare-at price must be higher than the price'],
    [['BPC-10', '--sku', 'SV-1'], 1, 'SKU SV-1 is already used by another product or variant'],
    [
      ['BPC-10', '--available', '--unavailable'],
      2,
      "option '--available' cannot be used with option '--unavailable'",
    ],
  ])('update %j exits %i saying why, and changes nothing', async (args, code, message) => {
    const result = await shop('variants', 'update', ...args);
    expect(result.exitCode).toBe(code);
    expect(result.stderr).toContain(message);
    expect(await stored('BPC-157')).toEqual(bpc);
  });

  it('update makes its change again from the product as it is when another process wrote in between', async () => {
    await withStore(async (store) => {
      const other = openSqliteStore({ file: databaseFile({ dataDir: data.dir }) });
      const five = size(bpc, '5mg');
      const ten = size(bpc, '10mg');
      let reads = 0;
      // The first read is followed by an order of 3 of the other size, from another connection.
      const products = {
        get: async (id: string) => {
          const read = await store.products.get(id);
          if (reads++ === 0) await place(other, [{ productId: id, variantId: five.id, quantity: 3 }]);
          return read;
        },
        update: store.products.update.bind(store.products),
      };
      const after = await updateVariant(products, bpc.id, ten.id, { price: 59.99 });
      await other.close();
      expect(reads).toBe(2);
      expect(size(after, '10mg').price).toBe(59.99);
      expect(size(after, '5mg').stock).toBe(five.stock! - 3);
    });
    bpc = await stored('BPC-157');
  });
});

describe('orders name their lines by product and size', () => {
  it('orders show and orders list say “BPC-157 — 10mg” and show the SKU', async () => {
    const order = await withStore((store) =>
      place(store, [
        { productId: bpc.id, variantId: size(bpc, '10mg').id, quantity: 2 },
        { productId: bpc.id, variantId: size(bpc, '5mg').id, quantity: 1 },
      ]),
    );
    const shown = await shop('orders', 'show', order.number);
    expect(shown.stdout).toContain('  2 × BPC-157 — 10mg (SKU BPC-10) @ $59.99 = $119.98');
    expect(shown.stdout).toContain('  1 × BPC-157 — 5mg (SKU BPC-5) @ $39.99 = $39.99');
    const listed = await shop('orders', 'list', '--search', order.number);
    expect(listed.stdout).toContain('2 × BPC-157 — 10mg');
    expect(listed.stdout).toContain('1 × BPC-157 — 5mg');
    expect(((await shop('--json', 'orders', 'show', order.number)).data as Order).lines[0]).toMatchObject({
      sku: 'BPC-10',
      options: { Size: '10mg' },
    });
  });
});

describe('bin/shop, spawned', () => {
  it('adds a product in sizes and updates one by SKU, printing JSON on stdout', async () => {
    const dir = tempDataDir('variants-spawned');
    try {
      const run = (...args: string[]) => shopProcess(['--data', dir.dir, '--json', ...args]);
      const added = await run(
        'products',
        'add',
        'TB-500',
        '--option',
        'Size=2mg,5mg',
        '--variant',
        '2mg:sku=TB-2,price=29',
        '--variant',
        '5mg:sku=TB-5,price=59,stock=4',
      );
      expect(added.exitCode, added.stderr).toBe(0);
      expect((JSON.parse(added.stdout) as Product).variants.map((v) => v.sku)).toEqual(['TB-2', 'TB-5']);
      const updated = await run('variants', 'update', 'TB-5', '--stock', '9');
      expect(updated.exitCode, updated.stderr).toBe(0);
      expect(JSON.parse(updated.stdout)).toMatchObject({ sku: 'TB-5', stock: 9, product: 'TB-500' });
      const listed = await run('variants', 'list');
      expect((JSON.parse(listed.stdout) as VariantRow[]).map((r) => [r.sku, r.stock])).toEqual([
        ['TB-2', null],
        ['TB-5', 9],
      ]);
      const refused = await shopProcess([
        '--data',
        dir.dir,
        'products',
        'add',
        'X',
        '--option',
        'Size=1mg',
        '--variant',
        '2mg:price=1',
      ]);
      expect(refused.exitCode).toBe(2);
      expect(refused.stderr).toContain('--variant "2mg:price=1": 2mg is not one of the Size values (1mg)');
    } finally {
      dir.remove();
    }
  });
});
