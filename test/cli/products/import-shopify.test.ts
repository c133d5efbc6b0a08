import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportSummary } from '../../../cli/import/run-import.js';
import type { Product } from '../../../shared/domain/product.js';
import { printedJson, shopInProcess, tempDataDir } from '../../support/cli.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/import');
const CDN = 'https://cdn.shopify.example/s/files/1/0001/products/';

describe('shop products import: a Shopify product export', () => {
  let data: ReturnType<typeof tempDataDir>;
  const shop = (...args: string[]) => shopInProcess(data.dir, args);
  const fixture = (name: string) => {
    const path = join(data.dir, name);
    copyFileSync(join(FIXTURES, name), path);
    return path;
  };
  const byName = async () =>
    Object.fromEntries(
      printedJson<Product[]>(await shop('--json', 'products', 'list', '--all')).map((p) => [p.name, p]),
    );

  beforeEach(() => {
    data = tempDataDir('import-shopify');
  });
  afterEach(() => data.remove());

  it('imports every handle with all its variant rows, options, images by position, status, vendor, type or category, tags and CAS number', async () => {
    const result = await shop(
      'products',
      'import',
      fixture('shopify-products-export.csv'),
      '--no-download-images',
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.data).toMatchObject({
      format: 'shopify',
      rows: 10,
      created: 4,
      rejected: 0,
      variants: { created: 9, updated: 0, removed: 0 },
    });
    const products = await byName();
    expect(Object.keys(products).sort()).toEqual([
      'BPC-157',
      'Semax 30 mg',
      'TB-500',
      'TB-500 (tb-500-nasal)',
    ]);
    const bpc = products['BPC-157']!;
    expect(bpc).toMatchObject({
      available: true,
      brand: 'Helix Labs',
      category: 'Tissue Repair',
      tags: ['recovery', 'bestseller'],
      specs: { casNumber: '137525-51-0' },
      imgUrl: `${CDN}bpc-157-front.jpg`,
      images: [`${CDN}bpc-157-back.jpg`, `${CDN}bpc-157-coa.jpg`],
      options: [{ name: 'Size', values: ['5 mg', '10 mg', '20 mg'] }],
      price: 39.99,
      stock: 52,
    });
    expect(
      bpc.variants.map((v) => [v.sku, v.options.Size, v.price, v.compareAtPrice, v.stock, v.imgUrl]),
    ).toEqual([
      ['BPC-5', '5 mg', 39.99, 49.99, 40, ''],
      ['BPC-10', '10 mg', 69.99, null, 12, `${CDN}bpc-157-10mg.jpg`],
      ['BPC-20', '20 mg', 119, null, 0, ''],
    ]);
    // headings, lists, tables, links and https images kept; the script and the click handler not
    expect(bpc.description).toContain('<h2>BPC-157</h2>');
    expect(bpc.description).toContain('<table><tr><th>Size</th>');
    expect(bpc.description).toContain('<img src="https://cdn.shopify.example/files/bpc-structure.png"');
    expect(bpc.description).not.toMatch(/script|onclick/);

    const tb = products['TB-500']!;
    expect(tb).toMatchObject({
      available: false, // draft
      category: 'Peptides', // no Type: Product Category's last part
      stock: null, // not tracked by Shopify
      imgUrl: `${CDN}tb-500-vial.jpg`, // position 1, on its second row
      images: [`${CDN}tb-500-box.jpg`],
      options: [
        { name: 'Size', values: ['2 mg', '5 mg'] },
        { name: 'Pack', values: ['1 vial', '5 vials'] },
      ],
    });
    expect(tb.variants).toHaveLength(4);
    expect(tb.variants[3]).toMatchObject({
      sku: 'TB-5-5',
      options: { Size: '5 mg', Pack: '5 vials' },
      compareAtPrice: 272.5,
    });
    expect(products['TB-500 (tb-500-nasal)']).toMatchObject({ options: [], stock: 0, price: 44.5 });
    expect(products['Semax 30 mg']).toMatchObject({
      available: false, // archived
      description: 'Nootropic heptapeptide; plain text, no markup.',
      variants: [{ sku: 'SMX-30', compareAtPrice: null, stock: 25 }],
    });
  });

  it('reports by row what it changed or did not keep: the name made unique, what the sanitiser removed, oversold stock, a compare-at not above the price, columns with values the shop has no field for', async () => {
    const result = await shop(
      'products',
      'import',
      fixture('shopify-products-export.csv'),
      '--no-download-images',
    );
    const summary = result.data as ImportSummary;
    expect(summary.warnings).toEqual([
      {
        row: 2,
        column: 'Body (HTML)',
        message: 'the description was changed: removed onclick attribute on <a>; <script> element',
      },
      {
        row: 10,
        column: 'Title',
        message: 'imported as "TB-500 (tb-500-nasal)": "TB-500" is also the name of the product on row 6',
      },
      {
        row: 10,
        column: 'Variant Inventory Qty',
        message: 'Shopify counts -3 (sold beyond the stock): kept as 0',
      },
      {
        row: 11,
        column: 'Variant Compare At Price',
        message: '34.00 is not above the price 34.00, so it shows no sale: not kept',
      },
    ]);
    expect(summary.unknownColumns).toEqual([
      'Variant Barcode',
      'Image Alt Text',
      'SEO Title',
      'Cost per item',
    ]);
    expect(summary.notices).toEqual([
      '7 image links of the file kept as links to their sites (--no-download-images).',
    ]);
    expect(result.stderr).toContain(
      'row 10, column Title: imported as "TB-500 (tb-500-nasal)": "TB-500" is also the name of the product on row 6\n',
    );
    expect(result.stderr).toContain(
      'Ignored columns: Variant Barcode, Image Alt Text, SEO Title, Cost per item\n',
    );
    expect(result.stdout).toMatch(/created\s*│\s*4\s*│\s*9/);
    expect(result.stdout).toMatch(/read\s*│\s*4\s*│\s*│\s*10/);
  });

  it('rejects a handle whose variant rows break the variant rules and a handle that comes back later, by row and column; --skip-invalid writes the rest and exits 1', async () => {
    const file = fixture('shopify-broken-variants.csv');
    const refused = await shop('products', 'import', file);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain('row 4, column Option1 Value: Variant 2 has the same options\n');
    expect(refused.stderr).toContain(
      'row 7, column Handle: handle cjc-1295 is also on row 5: the rows of one product must be consecutive\n',
    );
    expect(refused.stdout).toContain('│ not written │');
    expect(refused.stdout).not.toContain('created');
    expect(await byName()).toEqual({});

    const skipped = await shop('products', 'import', file, '--skip-invalid');
    expect(skipped.exitCode).toBe(1);
    expect(skipped.stderr).toContain('shop: 4 rows rejected (listed above); the other rows were imported\n');
    expect(skipped.data).toMatchObject({
      rows: 6,
      created: 2,
      rejected: 4,
      rejectedProducts: 2,
      written: true,
    });
    expect(Object.keys(await byName()).sort()).toEqual(['CJC-1295', 'GHK-Cu']);
  });

  it.each([
    ['shopify-products-export.csv', []],
    ['shopify-broken-variants.csv', ['--skip-invalid']],
  ])('a dry run of %s reports exactly what the real run then writes', async (name, flags) => {
    const file = fixture(name);
    const dry = await shop(
      '--json',
      'products',
      'import',
      file,
      '--dry-run',
      '--no-download-images',
      ...flags,
    );
    const real = await shop('--json', 'products', 'import', file, '--no-download-images', ...flags);
    expect(dry.exitCode).toBe(real.exitCode);
    const { dryRun: _d, written: _w, ...planned } = dry.data as ImportSummary;
    const { dryRun: _r, written, ...done } = real.data as ImportSummary;
    expect(written).toBe(true);
    expect(planned).toEqual(done);
    expect(Object.keys(await byName())).toHaveLength(done.created);
  });
});
