import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shopInProcess, shopProcess, tempDataDir } from '../support/cli.js';

const data = tempDataDir('usage');
afterAll(() => data.remove());
const shop = (...args: string[]) => shopInProcess(data.dir, args);

describe('shop: usage, help and exit codes', () => {
  it('prints help with examples on stdout and exits 0', async () => {
    const { exitCode, stdout } = await shopProcess(['--help']);
    expect(exitCode).toBe(0);
    expect(stdout).toContain('Usage: shop');
    expect(stdout).toContain('$ shop products import catalogue.csv --dry-run');
    expect(stdout).toContain('Exit codes: 0 done, 1 the operation failed, 2 usage error.');
  });

  it.each([
    'products list',
    'products add',
    'products update',
    'products toggle',
    'products delete',
    'products import',
    'products export',
    'admins grant',
    'admins revoke',
    'admins list',
    'orders list',
    'orders show',
    'orders mark-paid',
    'orders ship',
    'orders cancel',
    'images prune',
    'report affiliates',
    'discounts create',
    'discounts list',
    'discounts disable',
    'discounts enable',
    'shipping show',
    'shipping set',
    'tax show',
    'tax set',
    'seed',
    'backup',
    'restore',
  ])('shop %s --help shows examples of that command', async (command) => {
    const { exitCode, stdout } = await shop(...command.split(' '), '--help');
    expect(exitCode).toBe(0);
    expect(stdout).toContain(`Usage: shop ${command}`);
    expect(stdout).toMatch(new RegExp(`Examples:\\n  \\$ shop ${command} `));
  });

  it('prints the package version', async () => {
    const { exitCode, stdout } = await shopProcess(['--version']);
    expect(exitCode).toBe(0);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it.each([
    [['products', 'frobnicate'], "unknown command 'frobnicate'"],
    [['products', 'update'], "missing required argument 'product'"],
    [['products', 'list', '--bogus'], "unknown option '--bogus'"],
    [['--backend', 'mongo', 'products', 'list'], 'Allowed choices are sqlite, firestore'],
    [['products', 'export', '--format', 'xml'], 'Allowed choices are csv, json'],
    [['products', 'add'], 'Missing --name and --price (there is no terminal to ask on)'],
    [['products', 'add', '--name', 'X'], 'Missing --price'],
    [['products', 'add', '--name', 'X', '--price', 'cheap'], '--price: Price must be a number, not "cheap"'],
    [
      ['products', 'add', '--name', 'X', '--price', '1.999'],
      '--price: Price can have at most 2 decimal places',
    ],
    [
      ['products', 'add', '--name', 'X', '--price', '5', '--stock', '-1'],
      '--stock: Stock cannot be negative',
    ],
    [
      ['products', 'add', '--name', 'X', '--price', '5', '--stock', 'lots'],
      '--stock: Stock must be a whole number, or "none" when not tracked, not "lots"',
    ],
    [['products', 'update', 'X'], 'Nothing to update'],
    [['orders', 'ship', 'HP-XXXX'], '--tracking is required'],
    [
      ['orders', 'ship', 'HP-XXXX', '--tracking', '1Z'],
      '--tracking: Tracking number must be at least 3 characters',
    ],
    [['orders', 'ship', 'HP-XXXX', '--tracking', '   '], '--tracking: Tracking number is required'],
    [['images', 'prune', '--grace', '1 week'], '--grace must be a duration such as 24h, 90m or 2d'],
    [['seed', '--products', 'many'], '--products must be a whole number'],
    [['seed', '--orders', '3'], '--orders needs --users'],
  ])('exits 2 for %j, saying what is wrong', async (args, message) => {
    const { exitCode, stderr, stdout } = await shop(...args);
    expect(stderr).toContain(message);
    expect(exitCode).toBe(2);
    expect(stdout).toBe('');
  });

  it.each([
    ['products', 'list'],
    ['admins', 'list'],
  ])('exits 2 when --data names a file, saying so (shop %s %s)', async (...command) => {
    const file = join(data.dir, 'not-a-folder');
    writeFileSync(file, '');
    const { exitCode, stderr } = await shopInProcess(file, command);
    expect(stderr).toBe(`shop: --data ${file}: that is a file; the data folder must be a folder\n`);
    expect(exitCode).toBe(2);
  });

  it.each([
    ['products', 'list'],
    ['admins', 'list'],
    ['products', 'import', 'catalogue.csv'],
  ])(
    'exits 2 when --data names a folder that does not exist, naming it, and creates nothing (shop %s %s)',
    async (...command) => {
      const missing = join(data.dir, 'mistyped', 'shop-data');
      const { exitCode, stderr, stdout } = await shopInProcess(missing, command);
      expect(stderr).toBe(
        `shop: --data ${missing}: no such folder (check the path, or add --init to start a new shop there)\n`,
      );
      expect(exitCode).toBe(2);
      expect(stdout).toBe('');
      expect(existsSync(join(data.dir, 'mistyped'))).toBe(false);
    },
  );

  it('creates a missing --data folder with --init, and the default folder without it', async () => {
    const fresh = join(data.dir, 'fresh', 'shop-data');
    const created = await shopInProcess(fresh, ['--init', 'products', 'list']);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(statSync(fresh).isDirectory()).toBe(true);
    const cwd = mkdtempSync(join(data.dir, 'cwd-'));
    const byDefault = await shopProcess(['products', 'list'], { cwd });
    expect(byDefault.exitCode, byDefault.stderr).toBe(0);
    expect(statSync(join(cwd, '.data')).isDirectory()).toBe(true);
  });

  it('exits 2 without a subcommand, showing the help on stderr', async () => {
    const { exitCode, stderr } = await shop('products');
    expect(exitCode).toBe(2);
    expect(stderr).toContain('Usage: shop products');
  });

  it('exits 1 when the operation itself fails', async () => {
    const { exitCode, stderr } = await shop('products', 'toggle', 'no such product');
    expect(exitCode).toBe(1);
    expect(stderr).toContain('No product has the id or name "no such product"');
  });

  it('runs as a real process: data on stdout, messages on stderr, exit code through bin/shop', async () => {
    const dir = data.dir;
    const added = await shopProcess(['--data', dir, 'products', 'add', '--name', 'Spawned', '--price', '12']);
    expect(added.exitCode).toBe(0);
    expect(added.stdout).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(added.stderr).toContain('Added Spawned ($12.00).');
    const refused = await shopProcess(['--data', dir, 'products', 'delete', 'Spawned']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('Refusing to delete "Spawned" without --yes');
    const listed = await shopProcess(['--data', dir, '--json', 'products', 'list']);
    expect(JSON.parse(listed.stdout).map((p: { name: string }) => p.name)).toEqual(['Spawned']);
    const quiet = await shopProcess(['--data', dir, '-q', 'products', 'delete', 'spawned', '--yes']);
    expect(quiet).toMatchObject({ exitCode: 0, stderr: '' });
  });
});
