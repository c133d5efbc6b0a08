import { afterAll, describe, expect, it } from 'vitest';
import type { ProductListResponse } from '../../shared/api/client.js';
import { shopInProcess, tempDataDir } from '../support/cli.js';
import { type ShopProcess, startShop } from '../support/shop-process.js';

describe('npm start after the catalogue was imported with shop', () => {
  const data = tempDataDir('first-start');
  let shop: ShopProcess | null = null;
  afterAll(async () => {
    await shop?.stop();
    data.remove();
  });

  it('keeps the imported catalogue and adds no sample products to it', async () => {
    const added = await shopInProcess(data.dir, [
      'products',
      'add',
      '--name',
      'Our own peptide',
      '--price',
      '12',
    ]);
    expect(added.exitCode, added.stderr).toBe(0);
    shop = await startShop({ SHOP_DATA_DIR: data.dir });
    expect(shop.output()).not.toContain('Seeded the sample catalogue');
    const page = (await (await fetch(`${shop.url}/api/products`)).json()) as ProductListResponse;
    expect(page.products.map((p) => p.name)).toEqual(['Our own peptide']);
  });
});
