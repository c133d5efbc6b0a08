import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileEncoding } from '../../../cli/import/file-encoding.js';
import type { ImportedProduct } from '../../../cli/import/imported-product.js';
import type { ImportSummary } from '../../../cli/import/run-import.js';
import { isWooCommerceHeader, readWooCommerce } from '../../../cli/import/woocommerce.js';
import { newProductSchema, type Product } from '../../../shared/domain/product.js';
import { printedJson, shopInProcess, shopProcess, tempDataDir } from '../../support/cli.js';
import { TINY_PNG } from '../../support/images.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/import');
const UP = 'https://cdn.helix-peptides.example/wp-content/uploads/2026/03';

async function readAll(file: string, options: Parameters<typeof readWooCommerce>[1] = {}) {
  const products: ImportedProduct[] = [];
  for await (const batch of readWooCommerce(file, options)) products.push(...batch);
  return products;
}
const byName = (products: ImportedProduct[]) => Object.fromEntries(products.map((p) => [p.input.name, p]));
const notes = (list: { row: number; column: string | null; message: string }[]) =>
  list.map((n) => `row ${n.row}, ${n.column}: ${n.message}`);

describe('reading a WooCommerce product export', async () => {
  const products = await readAll(join(FIXTURES, 'woocommerce-products.csv'));
  const named = byName(products);

  it('is told apart from our CSV and Shopify’s by its header', () => {
    expect(isWooCommerceHeader(['ID', 'Type', 'SKU', 'Name', 'Published', 'Regular price', 'Parent'])).toBe(
      true,
    );
    expect(isWooCommerceHeader(['ID', 'Type', 'Name', 'Stock'])).toBe(true);
    expect(isWooCommerceHeader(['name', 'price', 'description', 'sku', 'tags'])).toBe(false);
    expect(isWooCommerceHeader(['name', 'price', 'type'])).toBe(false);
    expect(isWooCommerceHeader(['Handle', 'Title', 'Type', 'Variant Price'])).toBe(false);
  });

  it('accounts for every row exactly once: each product lists the rows it came from', () => {
    const rows = products.flatMap((p) => p.rows).sort((a, b) => a - b);
    expect(rows).toEqual(Array.from({ length: 12 }, (_, i) => i + 2));
    expect(products.flatMap((p) => p.problems)).toEqual([]);
    expect(Object.keys(named).sort()).toEqual([
      'BPC-157',
      'Bacteriostatic Water 30 ml',
      'Café Crème Peptide Blend',
      'Insulin Syringes (10 pack)',
      'Selank 5 mg',
      'Semax 10 mg',
      'TB-500 (Thymosin Beta-4)',
    ]);
  });

  it('gives inputs the shop’s product rules accept, every field kept', () => {
    for (const { input } of products) {
      const { available: _, ...fields } = input;
      const checked = newProductSchema.safeParse(fields);
      expect(checked.error?.issues ?? [], input.name).toEqual([]);
    }
  });

  it('reads a simple product: price, SKU, stock, first category’s own name, the others as tags, images as picture and gallery', () => {
    const water = named['Bacteriostatic Water 30 ml']!;
    expect(water.rows).toEqual([2]);
    expect(water.input).toMatchObject({
      price: 12.5,
      compareAtPrice: null,
      sku: 'HX-BAC-30',
      stock: 40,
      available: true,
      category: 'Solvents',
      tags: ['water', 'reconstitution', 'Bestsellers'],
      brand: 'Helix Labs',
      imgUrl: `${UP}/bac-water.jpg`,
      images: [`${UP}/bac-water-label.jpg`],
    });
    expect(water.fields).toEqual(
      new Set([
        'name',
        'description',
        'imgUrl',
        'images',
        'category',
        'tags',
        'brand',
        'available',
        'price',
        'compareAtPrice',
        'stock',
        'sku',
      ]),
    );
  });

  it('puts the short description first, then the description with its line breaks (written \\n by the exporter) restored', () => {
    expect(named['Bacteriostatic Water 30 ml']!.input.description).toBe(
      '<p>Sterile water with 0.9% benzyl alcohol, for reconstitution.</p>\n<h3>Specifications</h3>\n<ul>\n<li>Volume: 30 ml</li>\n<li>Storage: 20–25 °C</li>\n</ul>\n<table>\n<tr><th>Preservative</th><td>0.9% benzyl alcohol</td></tr>\n</table>',
    );
    // Plain text, shown by WooCommerce with its line breaks: the same paragraphs and breaks here.
    expect(named['TB-500 (Thymosin Beta-4)']!.input.description).toBe(
      '<p>Synthetic fragment of thymosin beta-4.</p>\n<p>First line of the description.<br>\nSecond line, after a line break.</p>',
    );
  });

  it('takes a sale price as the price and the regular price as the compare-at price; no stock count means not tracked', () => {
    expect(named['Insulin Syringes (10 pack)']!.input).toMatchObject({
      price: 8.99,
      compareAtPrice: 11,
      stock: null,
    });
  });

  it('imports drafts (-1) and private products (0) as unavailable', () => {
    expect(named['Semax 10 mg']!.input).toMatchObject({ available: false, stock: 0 });
    expect(named['Selank 5 mg']!.input).toMatchObject({ available: false, stock: 7 });
  });

  it('assembles a variable product whose variations come before it, parent named by id:, sizes in WooCommerce’s order', () => {
    const bpc = named['BPC-157']!;
    expect(bpc.rows).toEqual([3, 4, 6, 7]);
    expect(bpc.input.options).toEqual([{ name: 'Size', values: ['5 mg', '10 mg', '20 mg'] }]);
    expect(bpc.input.variants).toEqual([
      {
        sku: 'HX-BPC-5',
        options: { Size: '5 mg' },
        price: 34,
        compareAtPrice: null,
        stock: 25,
        available: true,
      },
      {
        sku: 'HX-BPC-10',
        options: { Size: '10 mg' },
        price: 54,
        compareAtPrice: 59,
        stock: 12,
        available: true,
        imgUrl: `${UP}/bpc-157-10mg.jpg`,
      },
      {
        sku: 'HX-BPC-20',
        options: { Size: '20 mg' },
        price: 99,
        compareAtPrice: null,
        stock: null,
        available: true,
      },
    ]);
    expect(bpc.input).toMatchObject({
      category: 'Recovery',
      imgUrl: `${UP}/bpc-157.jpg`,
      images: [`${UP}/bpc-157-vial.jpg`, `${UP}/bpc-157-coa.jpg`],
    });
    // An attribute no variation is chosen by is information only: said, not silently dropped.
    expect(notes(bpc.warnings)).toEqual([
      'row 7, Attribute 2 name: Form (Lyophilised powder) is not kept: no variation is chosen by it, and the shop has no attributes for information only',
    ]);
  });

  it('assembles a variable product whose variations name it by SKU, with another product between them; a disabled variation is unavailable', () => {
    const tb = named['TB-500 (Thymosin Beta-4)']!;
    expect(tb.rows).toEqual([9, 11, 12]);
    expect(tb.input.variants).toEqual([
      {
        sku: 'HX-TB500-2',
        options: { Size: '2 mg' },
        price: 29,
        compareAtPrice: null,
        stock: 30,
        available: true,
      },
      {
        sku: 'HX-TB500-5',
        options: { Size: '5 mg' },
        price: 59,
        compareAtPrice: null,
        stock: 0,
        available: false,
        imgUrl: `${UP}/tb-500-5mg.jpg`,
      },
    ]);
    expect(tb.input.tags).toEqual(['tb-500', 'Research Blends', 'Bestsellers']);
  });

  it('names the row and column each field came from, so a rule’s complaint points into the file', () => {
    const bpc = named['BPC-157']!;
    expect(bpc.origin('variants.1.price')).toEqual({ row: 3, column: 'Sale price' });
    expect(bpc.origin('variants.1.compareAtPrice')).toEqual({ row: 3, column: 'Regular price' });
    expect(bpc.origin('variants.0.stock')).toEqual({ row: 4, column: 'Stock' });
    expect(bpc.origin('variants.2.options.Size')).toEqual({ row: 6, column: 'Attribute 1 value(s)' });
    expect(bpc.origin('name')).toEqual({ row: 7, column: 'Name' });
    expect(bpc.origin('images.1')).toEqual({ row: 7, column: 'Images' });
  });

  it('reads the Latin-1 copy of the export to the same products, telling the conversion once', async () => {
    const told: FileEncoding[] = [];
    const latin1 = await readAll(join(FIXTURES, 'woocommerce-products-latin1.csv'), {
      onEncoding: (e) => told.push(e),
    });
    expect(told).toHaveLength(1);
    expect(told[0]!.notice).toContain('Windows-1252');
    expect(latin1.map((p) => p.input)).toEqual(products.map((p) => p.input));
    expect(byName(latin1)['Café Crème Peptide Blend']!.input).toMatchObject({
      description: '<p>Crème brûlée notes – naïve façade, 5 µg ± 2 %.</p>',
      brand: 'Société Bio',
    });
  });
});

describe('what a WooCommerce export holds that the shop cannot keep as it is', async () => {
  const products = await readAll(join(FIXTURES, 'woocommerce-edge-cases.csv'));
  const named = byName(products);

  it('expands a variation taking "any" value of an attribute into one variant per value, and says so', () => {
    const tee = named['V-Neck T-Shirt']!;
    expect(tee.problems).toEqual([]);
    expect(tee.input.variants?.map((v) => [v.sku, v.options, v.price])).toEqual([
      ['woo-vneck-tee-red-Large', { Color: 'Red', Size: 'Large' }, 20],
      ['woo-vneck-tee-red-Medium', { Color: 'Red', Size: 'Medium' }, 20],
      ['woo-vneck-tee-red-Small', { Color: 'Red', Size: 'Small' }, 20],
      ['woo-vneck-tee-blue-Large', { Color: 'Blue', Size: 'Large' }, 15],
      ['woo-vneck-tee-blue-Medium', { Color: 'Blue', Size: 'Medium' }, 15],
      ['woo-vneck-tee-blue-Small', { Color: 'Blue', Size: 'Small' }, 15],
    ]);
    expect(notes(tee.warnings)).toEqual([
      'row 3, Attribute 2 value(s): takes any Size in WooCommerce: imported as 3 variants (Large, Medium, Small), SKUs woo-vneck-tee-red-…',
      "row 3, Description: a variation's own description is not kept: variants have none in this shop",
      'row 4, Attribute 2 value(s): takes any Size in WooCommerce: imported as 3 variants (Large, Medium, Small), SKUs woo-vneck-tee-blue-…',
    ]);
    expect(tee.origin('variants.4.price')).toEqual({ row: 4, column: 'Regular price' });
  });

  it('refuses grouped and external products, and a variation whose parent is not in the file, each with its reason', () => {
    expect(notes(named['Logo Collection']!.problems)).toEqual([
      'row 5, Type: a grouped product (other products shown together) is not imported: the shop sells each of them from its own row',
    ]);
    expect(notes(named['WordPress Pennant']!.problems)).toEqual([
      'row 6, Type: an external product (sold on another site, which its button opens) is not imported: the shop sells only what it ships',
    ]);
    expect(notes(named['Ipamorelin - 5 mg']!.problems)).toEqual([
      'row 7, Parent: its parent id:300 is not a variable product in this file',
    ]);
  });

  it('refuses stock shared by all variations (managed on the parent), naming each variation’s row', () => {
    expect(named['CJC-1295']!.rows).toEqual([8, 9, 10]);
    expect(notes(named['CJC-1295']!.problems)).toEqual(
      [9, 10].map(
        (row) =>
          `row ${row}, Stock: is managed on the parent product, shared by all its variations; the shop counts stock per variant — set each variation's stock in WooCommerce (or clear Stock to sell without counting) and export again`,
      ),
    );
  });

  it('undoes the exporter’s escapes (\\, in lists, a quote before =, + , - or @) and reports what is not kept', () => {
    const guide = named['Reconstitution Guide, 2nd edition']!;
    expect(guide.problems).toEqual([]);
    expect(guide.input).toMatchObject({
      category: 'Print',
      tags: ['=SUM(1)', 'Supplies'],
      stock: 0,
      price: 5,
    });
    expect(notes(guide.warnings)).toEqual([
      'row 11, Type: downloadable in WooCommerce: its download files are not imported',
      'row 11, Stock: WooCommerce counts -3 (backorders taken beyond the stock): kept as 0',
      'row 11, Backorders allowed?: backorders are not kept: the shop sells only what is in stock',
    ]);
  });
});

describe('reading a large WooCommerce export', () => {
  const data = tempDataDir('woo-large');
  afterAll(() => data.remove());

  it('yields each variable product as soon as its last variation is read, not at the end of the file', async () => {
    const file = join(data.dir, 'large.csv');
    const header =
      'ID,Type,SKU,Name,Published,Regular price,Stock,Parent,Attribute 1 name,Attribute 1 value(s)';
    const lines = [header];
    for (let p = 0; p < 4000; p++) {
      const id = 10_000 + p * 3;
      // Every other product has its variations before it.
      const parent = `${id},variable,P${p},Product ${p},1,,,,Size,"1 mg, 2 mg"`;
      const sizes = [1, 2].map(
        (n) => `${id + n},variation,P${p}-${n},Product ${p} - ${n} mg,1,${10 + n},5,id:${id},Size,${n} mg`,
      );
      lines.push(...(p % 2 ? [...sizes, parent] : [parent, ...sizes]));
    }
    writeFileSync(file, `${lines.join('\n')}\n`);
    const size = statSync(file).size;
    let bytes = 0;
    let bytesAtFirst: number | null = null;
    let count = 0;
    for await (const batch of readWooCommerce(file, { batchSize: 200, onBytes: (b) => (bytes = b) })) {
      bytesAtFirst ??= bytes;
      count += batch.length;
      for (const product of batch) expect(product.input.variants).toHaveLength(2);
    }
    expect(count).toBe(4000);
    expect(bytesAtFirst).toBeGreaterThan(0);
    expect(bytesAtFirst!).toBeLessThan(size / 2);
  });

  it('gives only the fields of the columns the exporter chose, so an update leaves the others alone', async () => {
    const file = join(data.dir, 'chosen-columns.csv');
    writeFileSync(file, 'ID,Type,SKU,Name,Regular price\n7,simple,HX-7,Oxytocin 2 mg,18\n');
    const [product] = await readAll(file);
    expect(product!.fields).toEqual(new Set(['name', 'price', 'compareAtPrice', 'sku']));
    expect(product!.input).toEqual({
      name: 'Oxytocin 2 mg',
      price: 18,
      compareAtPrice: null,
      stock: null,
      sku: 'HX-7',
    });
  });

  it('refuses a pipe, which cannot be read twice, with a message saying why', async () => {
    const fifo = join(data.dir, 'export.fifo');
    execFileSync('mkfifo', [fifo]);
    await expect(readAll(fifo)).rejects.toThrow(
      'a WooCommerce export is read twice (its variations may come before their parent): give the path of a file, not a pipe',
    );
  });
});

describe('shop products import of a WooCommerce export', () => {
  const data = tempDataDir('woo-import');
  let server: Server;
  let origin: string;
  const requested: string[] = [];
  beforeAll(async () => {
    // The store's image host, on loopback: every picture a PNG, but for a COA scan that is gone (404).
    server = createServer((req, res) => {
      requested.push(req.url ?? '');
      if (req.url?.endsWith('/bpc-157-coa.jpg')) {
        res.writeHead(404);
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.end(TINY_PNG);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    data.remove();
  });

  it('imports what it can with --skip-invalid in a real process, exits 1, and names each refused row and column', async () => {
    const dir = join(data.dir, 'edge');
    const result = await shopProcess([
      '--data',
      dir,
      '--init',
      'products',
      'import',
      join(FIXTURES, 'woocommerce-edge-cases.csv'),
      '--skip-invalid',
      '--no-download-images',
    ]);
    expect(result.exitCode, result.stderr).toBe(1);
    for (const line of [
      'row 5, column Type: a grouped product',
      'row 6, column Type: an external product',
      'row 7, column Parent: its parent id:300 is not a variable product in this file',
      'row 9, column Stock: is managed on the parent product',
      'row 10, column Stock: is managed on the parent product',
      'row 3, column Attribute 2 value(s): takes any Size in WooCommerce: imported as 3 variants',
      'row 11, column Stock: WooCommerce counts -3 (backorders taken beyond the stock): kept as 0',
    ])
      expect(result.stderr).toContain(line);
    const listed = printedJson<Product[]>(await shopInProcess(dir, ['--json', 'products', 'list', '--all']));
    expect(listed.map((p) => [p.name, p.variants.length]).sort()).toEqual([
      ['Reconstitution Guide, 2nd edition', 1],
      ['V-Neck T-Shirt', 6],
    ]);
  });

  it('downloads the pictures, gallery and size images into the shop’s image store, keeping a link that fails with a warning naming its row', async () => {
    const dir = join(data.dir, 'images');
    const file = join(data.dir, 'with-local-images.csv');
    writeFileSync(
      file,
      readFileSync(join(FIXTURES, 'woocommerce-products.csv'), 'utf8').replaceAll(
        'https://cdn.helix-peptides.example',
        origin,
      ),
    );
    const result = await shopProcess(['--data', dir, '--init', '--json', 'products', 'import', file]);
    expect(result.exitCode, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as ImportSummary;
    expect(summary).toMatchObject({ format: 'woocommerce', created: 7, rejected: 0 });
    const missing = `${origin}/wp-content/uploads/2026/03/bpc-157-coa.jpg`;
    expect(summary.warnings).toContainEqual({
      row: 7,
      column: 'Images',
      message: `image not downloaded (the server answered 404 Not Found): the link ${missing} is kept`,
    });
    const products = Object.fromEntries(
      printedJson<Product[]>(await shopInProcess(dir, ['--json', 'products', 'list', '--all'])).map((p) => [
        p.name,
        p,
      ]),
    );
    const own = expect.stringMatching(/^\/images\/[A-Za-z0-9]+\.png$/);
    const bpc = products['BPC-157']!;
    expect(bpc.imgUrl).toEqual(own);
    expect(bpc.images).toEqual([own, missing]);
    expect(bpc.variants.find((v) => v.sku === 'HX-BPC-10')?.imgUrl).toEqual(own);
    expect(products['Bacteriostatic Water 30 ml']!.images).toEqual([own]);
    // Each distinct link fetched once, each stored as the shop's own file.
    expect(requested.length).toBe(new Set(requested).size);
    const stored = readdirSync(join(dir, 'images')).filter((f) => f.endsWith('.png'));
    expect(stored).toHaveLength(requested.length - 1);
    for (const name of stored) expect(readFileSync(join(dir, 'images', name))).toEqual(TINY_PNG);
  });
});
