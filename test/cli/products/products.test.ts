import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MEASURED_ROWS } from '../../../cli/text-table.js';
import { openSqliteStore } from '../../../shared/backend/store/sqlite/sqlite-store.js';
import type { Product } from '../../../shared/domain/product.js';
import { shopInProcess, tempDataDir } from '../../support/cli.js';
import { placeStoredOrder } from '../../support/place-order.js';

// The smallest valid PNG: signature, IHDR, IDAT, IEND.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7356cd50000000049454e44ae426082',
  'hex',
);

describe('shop products', () => {
  let data: ReturnType<typeof tempDataDir>;
  const shop = (...args: string[]) => shopInProcess(data.dir, args);
  /** What the command's run returned (test/cli/command-data.test.ts checks --json prints the same). */
  const returned = async <T>(...args: string[]): Promise<T> => {
    const result = await shop(...args);
    expect(result.exitCode, result.stderr).toBe(0);
    return result.data as T;
  };

  /** The products `products list` prints with --json (it streams them from the store as it prints). */
  const listed = async (...flags: string[]): Promise<Product[]> => {
    const result = await shop('--json', 'products', 'list', ...flags);
    expect(result.exitCode, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as Product[];
  };

  beforeEach(() => {
    data = tempDataDir('products');
  });
  afterEach(() => data.remove());

  it('adds a product with every field, sanitising the description, and lists it', async () => {
    const added = await returned<Product>(
      'products',
      'add',
      '--name',
      ' BPC-157 5mg ',
      '--price',
      '39.99',
      '--stock',
      '120',
      '--category',
      'Tissue Repair',
      '--brand',
      'Helix Labs',
      '--description',
      '<p>Pure <strong>peptide</strong></p><script>alert(1)</script><img src=x onerror=alert(1)>',
    );
    expect(added).toMatchObject({
      name: 'BPC-157 5mg',
      price: 39.99,
      stock: 120,
      available: true,
      category: 'Tissue Repair',
      brand: 'Helix Labs',
      description: '<p>Pure <strong>peptide</strong></p>',
    });
    const table = await shop('products', 'list');
    expect(table.stdout).toContain('BPC-157 5mg');
    expect(table.stdout).toContain('$39.99');
    expect(table.stderr).toContain('1 product');
    expect(await listed()).toEqual([added]);
  });

  it('refuses a duplicate name whatever its case and spacing, with exit code 1', async () => {
    await shop('products', 'add', '--name', 'TB-500', '--price', '54.5');
    const again = await shop('products', 'add', '--name', '  tb-500 ', '--price', '10');
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain('A product with this name already exists');
    expect(await listed()).toHaveLength(1);
  });

  it('uploads --image into the images folder and refuses a file that is not an image', async () => {
    const png = join(data.dir, 'vial.png');
    writeFileSync(png, PNG);
    const added = await returned<Product>(
      'products',
      'add',
      '--name',
      'Imaged',
      '--price',
      '5',
      '--image',
      png,
    );
    expect(added.imgUrl).toMatch(/^\/images\/[A-Za-z0-9]+\.png$/);
    expect(existsSync(join(data.dir, 'images', added.imgUrl.slice('/images/'.length)))).toBe(true);

    const text = join(data.dir, 'notes.txt');
    writeFileSync(text, 'not an image');
    const refused = await shop('products', 'add', '--name', 'Other', '--price', '5', '--image', text);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('is not a JPEG, PNG or WebP image');
  });

  it('updates, toggles and deletes by id or by name', async () => {
    const { id } = await returned<Product>(
      'products',
      'add',
      '--name',
      'Semax',
      '--price',
      '30',
      '--stock',
      '4',
    );
    const updated = await returned<Product>(
      'products',
      'update',
      'semax',
      '--price',
      '31.5',
      '--stock',
      'none',
    );
    expect(updated).toMatchObject({ id, price: 31.5, stock: null });

    const off = await returned<Product>('products', 'toggle', id);
    expect(off.available).toBe(false);
    expect(await listed()).toEqual([]);
    expect((await listed('--all')).map((p) => p.name)).toEqual(['Semax']);
    expect((await returned<Product>('products', 'toggle', 'Semax', '--off')).available).toBe(false);
    expect((await returned<Product>('products', 'toggle', 'Semax', '--on')).available).toBe(true);

    const renamed = await shop('products', 'update', id, '--name', 'Selank');
    expect(renamed.exitCode).toBe(0);
    await shop('products', 'add', '--name', 'Semax', '--price', '1');
    const clash = await shop('products', 'update', 'Selank', '--name', 'SEMAX');
    expect(clash.exitCode).toBe(1);
    expect(clash.stderr).toContain('A product with this name already exists');

    const deleted = await returned<{ deleted: Product }>('products', 'delete', 'Selank', '--yes');
    expect(deleted.deleted.id).toBe(id);
    expect((await listed('--all')).map((p) => p.name)).toEqual(['Semax']);
  });

  it('update writes only the options given: stock that orders took meanwhile is never put back', async () => {
    const { id } = await returned<Product>(
      'products',
      'add',
      '--name',
      'Kisspeptin',
      '--price',
      '40',
      '--stock',
      '10',
    );
    // The running shop takes orders through its own connection to the same file.
    const server = openSqliteStore({ file: join(data.dir, 'shop.sqlite') });
    for (const quantity of [1, 2, 3]) await placeStoredOrder(server.orders, id, quantity);
    await server.close();

    const updated = await returned<Product>('products', 'update', id, '--category', 'Fertility');
    expect(updated).toMatchObject({ category: 'Fertility', stock: 4 });
    expect((await listed()).find((p) => p.id === id)?.stock).toBe(4);
  });

  it('leaves the product alone when delete is refused without a terminal', async () => {
    await shop('products', 'add', '--name', 'Keep me', '--price', '9');
    const refused = await shop('products', 'delete', 'Keep me');
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('without --yes (there is no terminal to ask on)');
    expect(await listed()).toHaveLength(1);
  });

  it('colours tables only when allowed: --no-color and NO_COLOR turn it off, --quiet leaves only data', async () => {
    await shop('products', 'add', '--name', 'Plain', '--price', '1');
    const list = (env: Record<string, string>, ...flags: string[]) =>
      shopInProcess(data.dir, [...flags, 'products', 'list'], env);
    const ESC = '\u001b[';
    const forced = { FORCE_COLOR: '1', NO_COLOR: '' };
    expect((await list(forced)).stdout).toContain(ESC);
    expect((await list(forced, '--no-color')).stdout).not.toContain(ESC);
    expect((await list({ FORCE_COLOR: '1', NO_COLOR: '1' })).stdout).not.toContain(ESC);
    const quiet = await list({}, '--quiet');
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout).toContain('Plain');
  });

  it('lists more products than it measures widths on as one table: a wider cell later wraps within its column', async () => {
    const many = MEASURED_ROWS + 5;
    const late = 'Zz vial whose name is far longer than any before it: 長い名前';
    const rows = Array.from({ length: many }, (_, i) => `Vial ${String(i).padStart(4, '0')},${i % 90}.5`);
    writeFileSync(join(data.dir, 'many.csv'), `name,price\n${rows.join('\n')}\n${late},1\n`);
    const imported = await shop('--quiet', 'products', 'import', join(data.dir, 'many.csv'));
    expect(imported.exitCode, imported.stderr).toBe(0);

    const { stdout, stderr } = await shop('products', 'list');
    expect(stderr).toBe(`${many + 1} products\n`);
    const lines = stdout.split('\n').slice(0, -1);
    const columns = (line: string) => [...line].reduce((n, c) => n + (/[\u3000-\u9fff]/.test(c) ? 2 : 1), 0);
    expect(new Set(lines.map(columns))).toEqual(new Set([columns(lines[0]!)]));
    const lastRow = lines.slice(lines.lastIndexOf(lines[2]!) + 1, -1);
    expect(lastRow.length).toBeGreaterThan(1);
    expect(
      lastRow
        .map((line) => line.split('│')[2]!.trim())
        .join('')
        .replace(/ /g, ''),
    ).toBe(late.replace(/ /g, ''));
    expect(lastRow[0]).toMatch(/^│ \w{20} │ Zz vial/);
  });
});
