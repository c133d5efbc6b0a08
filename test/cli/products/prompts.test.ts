import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../../../shared/domain/product.js';
import { shopInProcess, shopOnTerminal, tempDataDir } from '../../support/cli.js';

describe('shop on a terminal', () => {
  let data: ReturnType<typeof tempDataDir>;
  const names = async () =>
    (
      JSON.parse((await shopInProcess(data.dir, ['--json', 'products', 'list', '--all'])).stdout) as Product[]
    ).map((p) => p.name);
  beforeEach(() => {
    data = tempDataDir('prompt');
  });
  afterEach(() => data.remove());

  it('products add asks for the missing name and price, re-asking after a bad price, and adds the product', async () => {
    const added = await shopOnTerminal(
      data.dir,
      ['--json', 'products', 'add', '--stock', '7'],
      [
        ['Name', 'Asked 5mg\r'],
        ['Price', 'cheap\r'],
        ['Price must be a number', `${'\x7f'.repeat(5)}24.5\r`],
      ],
    );
    expect(added.exitCode, added.stderr).toBe(0);
    expect(added.stderr).toContain('Added Asked 5mg ($24.50).');
    expect(JSON.parse(added.stdout)).toMatchObject({ name: 'Asked 5mg', price: 24.5, stock: 7 });
    expect(await names()).toEqual(['Asked 5mg']);
  });

  it('ends plainly with exit 1 and adds nothing when Ctrl-C answers a prompt', async () => {
    const result = await shopOnTerminal(data.dir, ['products', 'add', '--price', '5'], [['Name', '\x03']]);
    expect(result.stderr).toContain('shop: Cancelled; nothing was changed\n');
    expect(result.stderr).not.toContain('force closed');
    expect(result.exitCode).toBe(1);
    expect(await names()).toEqual([]);
  });

  it('products delete asks first: "n" keeps the product, "y" deletes it', async () => {
    await shopInProcess(data.dir, ['products', 'add', '--name', 'Doomed', '--price', '3']);
    const declined = await shopOnTerminal(
      data.dir,
      ['products', 'delete', 'doomed'],
      [['Delete "Doomed"', 'n\r']],
    );
    expect(declined.stderr).toContain('shop: Nothing deleted.');
    expect(declined.exitCode).toBe(1);
    expect(await names()).toEqual(['Doomed']);

    const confirmed = await shopOnTerminal(
      data.dir,
      ['products', 'delete', 'doomed'],
      [['Delete "Doomed"', 'y\r']],
    );
    expect(confirmed.exitCode, confirmed.stderr).toBe(0);
    expect(confirmed.stderr).toContain('Deleted Doomed.');
    expect(await names()).toEqual([]);
  });

  it('does not ask when stderr is redirected, saying the question would be invisible', async () => {
    const notTerminal = { stderrIsTerminal: false };
    const add = await shopOnTerminal(data.dir, ['products', 'add', '--name', 'Unseen'], [], notTerminal);
    expect(add.stderr).toBe(
      'shop: Missing --price (not asked: stderr is not a terminal, so the question would be invisible)\n',
    );
    expect(add.exitCode).toBe(2);
    await shopInProcess(data.dir, ['products', 'add', '--name', 'Kept', '--price', '3']);
    const del = await shopOnTerminal(data.dir, ['products', 'delete', 'Kept'], [], notTerminal);
    expect(del.stderr).toContain(
      'Refusing to delete "Kept" without --yes (not asked: stderr is not a terminal, so the question would be invisible)',
    );
    expect(del.exitCode).toBe(2);
    expect(await names()).toEqual(['Kept']);
  });
});
