import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportSummary } from '../../../cli/import/run-import.js';
import type { Product } from '../../../shared/domain/product.js';
import { catalogueShape } from '../../support/catalogue-shape.js';
import { printedJson, shopInProcess, tempDataDir } from '../../support/cli.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/import');

describe('shop products import / export: products in sizes, in every format', () => {
  let data: ReturnType<typeof tempDataDir>;
  const shop = (...args: string[]) => shopInProcess(data.dir, args);
  const file = (name: string, text: string) => {
    const path = join(data.dir, name);
    writeFileSync(path, text);
    return path;
  };
  const fixture = (name: string) => {
    const path = join(data.dir, name);
    copyFileSync(join(FIXTURES, name), path);
    return path;
  };
  const products = async (dir = data.dir) =>
    printedJson<Product[]>(await shopInProcess(dir, ['--json', 'products', 'list', '--all']));
  const byName = async () => Object.fromEntries((await products()).map((p) => [p.name, p]));

  beforeEach(() => {
    data = tempDataDir('import-sizes');
  });
  afterEach(() => data.remove());

  it('reads our CSV with a row per size: options, SKUs, prices, compare-at, stock, each size’s availability and image, gallery, tags and specs', async () => {
    const result = await shop(
      'products',
      'import',
      fixture('catalogue-with-sizes.csv'),
      '--no-download-images',
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.data).toMatchObject({
      format: 'csv',
      rows: 6,
      created: 3,
      rejected: 0,
      variants: { created: 6, updated: 0, removed: 0 },
    });
    const { 'BPC-157': bpc, 'Café Peptide': cafe, 'Selank 5mg': selank } = await byName();
    expect(bpc).toMatchObject({
      price: 39.99,
      stock: 52,
      available: true,
      imgUrl: 'https://images.helix.example/catalogue/bpc-157.jpg',
      images: [
        'https://images.helix.example/catalogue/bpc-157-back.jpg',
        'https://images.helix.example/catalogue/bpc-157-coa.jpg',
      ],
      tags: ['recovery', 'bestseller'],
      options: [{ name: 'Size', values: ['5 mg', '10 mg', '20 mg'] }],
      specs: {
        casNumber: '137525-51-0',
        molecularFormula: 'C62H98N16O22',
        molecularWeight: 1419.53,
        purity: '≥ 99% (HPLC)',
        storage: '-20 °C, dry, dark',
      },
    });
    expect(bpc!.description).toContain('<h2>BPC-157</h2>');
    expect(
      bpc!.variants.map((v) => [v.sku, v.options, v.price, v.compareAtPrice, v.stock, v.available]),
    ).toEqual([
      ['BPC-5', { Size: '5 mg' }, 39.99, 49.99, 40, true],
      ['BPC-10', { Size: '10 mg' }, 69.99, null, 12, false],
      ['BPC-20', { Size: '20 mg' }, 119, null, null, true],
    ]);
    expect(bpc!.variants[0]!.imgUrl).toBe('https://images.helix.example/catalogue/bpc-157-5mg.jpg');
    expect(cafe).toMatchObject({ available: false, brand: 'Société Bio', stock: 5 });
    expect(cafe!.variants.map((v) => v.options)).toEqual([
      { Size: '2 mg', Pack: '1 vial' },
      { Size: '2 mg', Pack: '5 vials' },
    ]);
    expect(selank).toMatchObject({ price: 24.5, stock: null, options: [], imgUrl: '/images/selank.png' });
  });

  it.each([
    ['csv', 'catalogue.csv'],
    ['json', 'catalogue.json'],
  ])(
    'export --format %s → import into an empty store round-trips every field of every product',
    async (format, name) => {
      await shop('products', 'import', fixture('catalogue-with-sizes.csv'), '--no-download-images');
      const out = join(data.dir, name);
      const exported = await shop('products', 'export', '--format', format, '--out', out);
      expect(exported.exitCode, exported.stderr).toBe(0);
      expect(exported.stderr).toBe(`Exported 3 products to ${out}.\n`);

      const copy = tempDataDir('import-sizes-copy');
      try {
        const imported = await shopInProcess(copy.dir, ['products', 'import', out, '--no-download-images']);
        expect(imported.exitCode, imported.stderr).toBe(0);
        expect((imported.data as ImportSummary).warnings).toEqual([]);
        expect(catalogueShape(await products(copy.dir))).toEqual(catalogueShape(await products()));
        const again = join(copy.dir, `again-${name}`);
        await shopInProcess(copy.dir, ['products', 'export', '--format', format, '--out', again]);
        if (format === 'csv') expect(readFileSync(again, 'utf8')).toBe(readFileSync(out, 'utf8'));
      } finally {
        copy.remove();
      }
    },
  );

  it('export --format shopify writes Shopify’s columns and rows (image rows, Status, Default Title), which import reads back to the same catalogue', async () => {
    await shop('products', 'import', fixture('catalogue-with-sizes.csv'), '--no-download-images');
    const exported = await shop('products', 'export', '--format', 'shopify');
    expect(exported.exitCode, exported.stderr).toBe(0);
    // Shopify's format has no unavailable size: the one there is, is said so.
    expect(exported.stderr).toBe(
      "1 variant not available here is written as available: Shopify's format has no way to say otherwise.\n",
    );
    const lines = exported.stdout.split('\r\n');
    expect(lines[0]).toMatch(
      /^Handle,Title,Body \(HTML\),Vendor,Product Category,Type,Tags,Published,Option1 Name,/,
    );
    expect(lines[0]).toContain(',Status,CAS number (product.metafields.custom.cas_number),');
    const ofHandle = (handle: string) => lines.filter((l) => l.startsWith(`${handle},`));
    // three sizes and three images: the images ride on the size rows
    expect(ofHandle('bpc-157')).toHaveLength(3);
    expect(ofHandle('bpc-157')[2]).toContain(',https://images.helix.example/catalogue/bpc-157-coa.jpg,3,');
    expect(ofHandle('selank-5mg')[0]).toContain(',Title,Default Title,');
    expect(ofHandle('cafe-peptide')[0]).toMatch(/,draft,/);

    const copy = tempDataDir('import-shopify-copy');
    try {
      const out = join(copy.dir, 'shopify.csv');
      writeFileSync(out, exported.stdout);
      const imported = await shopInProcess(copy.dir, ['products', 'import', out, '--no-download-images']);
      expect(imported.exitCode, imported.stderr).toBe(0);
      expect(imported.data).toMatchObject({ format: 'shopify', created: 3, rejected: 0, unknownColumns: [] });
      const shown = catalogueShape(await products()).map((p) => ({
        ...p,
        variants: p.variants.map((v) => ({ ...v, available: true })),
      }));
      expect(catalogueShape(await products(copy.dir))).toEqual(shown);
    } finally {
      copy.remove();
    }
  });

  it('imports a WooCommerce export through the same rules and report, which then round-trips through our CSV', async () => {
    const woo = await shop(
      'products',
      'import',
      fixture('woocommerce-products-latin1.csv'),
      '--no-download-images',
    );
    expect(woo.exitCode, woo.stderr).toBe(0);
    expect(woo.data).toMatchObject({ format: 'woocommerce', rows: 12, created: 7, rejected: 0 });
    // read twice by its reader, converted once, said once
    expect((woo.data as ImportSummary).notices.filter((n) => n.includes('Windows-1252'))).toHaveLength(1);
    const sized = (await products()).filter((p) => p.variants.length > 1);
    expect(sized.length).toBeGreaterThan(0);

    const out = join(data.dir, 'from-woo.csv');
    await shop('products', 'export', '--out', out);
    const copy = tempDataDir('import-woo-copy');
    try {
      const imported = await shopInProcess(copy.dir, ['products', 'import', out, '--no-download-images']);
      expect(imported.exitCode, imported.stderr).toBe(0);
      expect(catalogueShape(await products(copy.dir))).toEqual(catalogueShape(await products()));
    } finally {
      copy.remove();
    }
  });

  it('still imports a file written before sizes: a product a row, its one price and stock', async () => {
    const result = await shop(
      'products',
      'import',
      file(
        'old.csv',
        'name,price,description,category,brand,stock,available,image\r\nOld vial,12.5,,,,3,true,\r\n',
      ),
    );
    expect(result.exitCode, result.stderr).toBe(0);
    const { 'Old vial': old } = await byName();
    expect(old).toMatchObject({
      price: 12.5,
      stock: 3,
      options: [],
      variants: [{ sku: '', price: 12.5, stock: 3 }],
    });
  });

  it('refuses a product whose sizes break the variant rules, naming the row and column of the offending size', async () => {
    const header = 'name,price,sku,option1 name,option1 value,compare-at\n';
    const result = await shop(
      'products',
      'import',
      file(
        'bad-sizes.csv',
        `${header}Fine,10,F-1,,,\nTwins,10,T-1,Size,5 mg,\nTwins,12,T-2,,5 mg,\nTwins,9,T-3,,10 mg,8\nOrphan,5,,,2 mg,\nLoner,5,L-1,,,\nLoner,6,L-2,,,\n`,
      ),
    );
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('row 4, column option1 value: Variant 1 has the same options\n');
    expect(result.stderr).toContain(
      'row 5, column compare-at: Compare-at price must be higher than the price\n',
    );
    expect(result.stderr).toContain(
      'row 6, column option1 value: names no option: option1 name is empty on row 6\n',
    );
    expect(result.stderr).toContain(
      'row 8, column name: "Loner" is also on row 7: a product\'s further rows are its sizes, told apart by their option values (option1 name, option1 value)\n',
    );
    expect(result.data).toMatchObject({ rows: 7, rejected: 6, rejectedProducts: 3, written: false });
    expect(await products()).toEqual([]);
  });

  it('with --update-existing matches sizes by SKU, else by option values, keeping their ids; stock changes only when the file has a stock column', async () => {
    await shop('products', 'import', fixture('catalogue-with-sizes.csv'), '--no-download-images');
    const before = (await byName())['BPC-157']!;
    const [five, ten] = before.variants;
    const prices = file(
      'prices.csv',
      'name,price,sku,option1 name,option1 value\n' +
        'BPC-157,35,bpc-5,Size,5 mg\n' + // the SKU, in another case
        'BPC-157,65,,,10 mg\n' + // no SKU: by its option value
        'BPC-157,150,BPC-50,,50 mg\n', // new
    );
    const updated = await shop('products', 'import', prices, '--update-existing');
    expect(updated.exitCode, updated.stderr).toBe(0);
    expect(updated.data).toMatchObject({ updated: 1, variants: { created: 1, updated: 2, removed: 1 } });
    const after = (await byName())['BPC-157']!;
    expect(after.options).toEqual([{ name: 'Size', values: ['5 mg', '10 mg', '50 mg'] }]);
    expect(after.variants.map((v) => [v.id, v.sku, v.price, v.stock, v.available])).toEqual([
      [five!.id, 'bpc-5', 35, 40, true],
      [ten!.id, '', 65, 12, false], // the file's SKU column is empty there: no SKU
      [expect.any(String), 'BPC-50', 150, null, true],
    ]);
    expect(after).toMatchObject({ images: before.images, tags: before.tags, specs: before.specs });

    const stock = file(
      'stock.csv',
      'name,price,stock,option1 name,option1 value\nBPC-157,35,7,Size,5 mg\nBPC-157,65,,,10 mg\n',
    );
    expect((await shop('products', 'import', stock, '--update-existing')).exitCode).toBe(0);
    const counted = (await byName())['BPC-157']!;
    expect(counted.variants.map((v) => [v.id, v.stock])).toEqual([
      [five!.id, 7],
      [ten!.id, null],
    ]);
  });

  it('with --update-existing judges the product as it would be (patchedProductState), naming the row and column, and writes nothing', async () => {
    await shop('products', 'import', fixture('catalogue-with-sizes.csv'), '--no-download-images');
    const before = await products();
    const bad = file(
      'bad-update.csv',
      'name,price,compare-at,sku,option1 name,option1 value\n' +
        'BPC-157,35,30,BPC-5,Size,5 mg\n' +
        'BPC-157,65,,BPC-10,,10 mg\n' +
        'Café Peptide,31,,SEL-5,,\n' +
        'Selank 5mg,21,,SEL-6,,\n', // gives SEL-5 up only after Café Peptide took it
    );
    const refused = await shop('products', 'import', bad, '--update-existing');
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain(
      'row 2, column compare-at: Compare-at price must be higher than the price\n',
    );
    expect(refused.stderr).toContain("row 4, column sku: SKU SEL-5 is already Selank 5mg's\n");
    expect(refused.stdout).toContain('│ not written │');
    expect(refused.stdout).not.toContain('created');
    expect(await products()).toEqual(before);
  });
});
