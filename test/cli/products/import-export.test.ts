import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportSummary } from '../../../cli/import/run-import.js';
import type { Product } from '../../../shared/domain/product.js';
import { printedJson, shopInProcess, tempDataDir } from '../../support/cli.js';

describe('shop products import / export', () => {
  let data: ReturnType<typeof tempDataDir>;
  const shop = (...args: string[]) => shopInProcess(data.dir, args);
  const csv = (name: string, text: string | Buffer) => {
    const file = join(data.dir, name);
    writeFileSync(file, text);
    return file;
  };
  const products = async () => printedJson<Product[]>(await shop('--json', 'products', 'list', '--all'));
  const shape = (list: Product[]) =>
    list.map(({ name, price, description, category, brand, stock, available, imgUrl }) => ({
      name,
      price,
      description,
      category,
      brand,
      stock,
      available,
      imgUrl,
    }));

  beforeEach(async () => {
    data = tempDataDir('import');
    await shop('products', 'add', '--name', 'Already here', '--price', '20');
  });
  afterEach(() => data.remove());

  it.each([
    [
      'a missing required column',
      'name,stock\nA,1\n',
      'row 1, column price: missing from the header (it has: name, stock)',
    ],
    ['a bad price', 'name,price\nA,10\nB,abc\n', 'row 3, column price: Price must be a number, not "abc"'],
    ['a zero price', 'name,price\nA,0\n', 'row 2, column price: Price must be greater than 0'],
    [
      'a negative stock',
      'name,price,stock\nA,10,5\nB,10,-2\n',
      'row 3, column stock: Stock cannot be negative',
    ],
    [
      'a fractional stock',
      'name,price,stock\nA,10,1.5\n',
      'row 2, column stock: Stock must be a whole number',
    ],
    ['a missing name', 'name,price\n,10\n', 'row 2, column name: Name is required'],
    [
      'a duplicate name in the file',
      'name,price\nA,1\nB,2\n a ,3\n',
      'row 4, column name: "a" is also on row 2',
    ],
    [
      'a name the store has',
      'name,price\nNew,1\nALREADY HERE,2\n',
      'row 3, column name: A product with this name already exists',
    ],
    [
      'a bad availability',
      'name,price,available\nA,1,perhaps\n',
      'row 2, column available: Available must be true or false',
    ],
    [
      'a javascript: image',
      'name,price,image\nA,1,javascript:alert(1)\n',
      'row 2, column image: Image must be an https URL or one of the shop’s /images/ paths',
    ],
    ['an empty file', '', 'the file is empty'],
    ['a header only', 'name,price\r\n', 'row 1: the file has a header but no products'],
    [
      'semicolons for commas',
      'name;price\nA;1\n',
      'row 1: the header is one column; the file seems to use ";" between fields',
    ],
    ['a row with too many fields', 'name,price\nA,1,extra\n', 'row 2: has 3 fields where the header has 2'],
    [
      'a row of millions of characters',
      `name,price,description\nA,1,ok\nB,2,"${'x'.repeat(3_000_000)}"\n`,
      'bad.csv: row 3: longer than 1,000,000 characters, more than any product needs (a quote left open?). Nothing was written.',
    ],
    ['an unclosed quote', 'name,price\nA,1\n"B,2\n', 'row 3: Quote Not Closed'],
    [
      'a stray quote inside an unquoted field, after good rows',
      'name,price\nA,1\nB,2\nThe "best" one,3\n',
      'bad.csv: row 4: Invalid Opening Quote',
    ],
    [
      'a BOM and CRLF line ends',
      '\uFEFFName,Price\r\nA,1\r\nB,-3\r\n',
      'row 3, column Price: Price must be greater than 0',
    ],
  ])('reports %s by row and column and writes nothing', async (_case, text, message) => {
    const before = await products();
    const result = await shop('products', 'import', csv('bad.csv', text));
    expect(result.stderr).toContain(message);
    expect(result.exitCode).toBe(1);
    expect(await products()).toEqual(before);
  });

  it('skips blank lines and empty spreadsheet rows (",,") yet numbers rows as the spreadsheet does', async () => {
    const file = csv('gaps.csv', 'name,price\r\nA,1\r\n\r\n\r\nB,2\r\n,\r\nC,abc\r\n,\r\n,\r\n');
    const bad = await shop('products', 'import', file);
    expect(bad.stderr).toBe(
      'row 7, column price: Price must be a number, not "abc"\n' +
        'shop: 1 bad row: nothing was written (use --skip-invalid to import the good rows)\n',
    );
    const good = await shop('products', 'import', file, '--skip-invalid');
    expect(good.data).toMatchObject({ created: 2, rejected: 1 });
  });

  it('reads BOM, CRLF, quoted fields with commas, quotes and line breaks, and any Unicode', async () => {
    const file = csv(
      'good.csv',
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(
          ' NAME ,Price, Description ,category,BRAND,Stock,Available,image\r\n' +
            '"Peptide, ""Alpha"" 5mg",12.50,"<p>Line one\r\nline two</p>",Cognitive,Ñandú Labs,7,no,/images/a.png\r\n' +
            'Ω-3 ペプチド 🧪,99,,,,,,\r\n',
        ),
      ]),
    );
    const result = await shop('products', 'import', file);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.data).toMatchObject({
      format: 'csv',
      rows: 2,
      created: 2,
      rejected: 0,
      written: true,
    });
    const byName = Object.fromEntries((await products()).map((p) => [p.name, p]));
    expect(byName['Peptide, "Alpha" 5mg']).toMatchObject({
      price: 12.5,
      description: '<p>Line one\r\nline two</p>',
      category: 'Cognitive',
      brand: 'Ñandú Labs',
      stock: 7,
      available: false,
      imgUrl: '/images/a.png',
    });
    expect(byName['Ω-3 ペプチド 🧪']).toMatchObject({ price: 99, stock: null, available: true });
  });

  it('shows a progress bar for a long file when stderr is a terminal, and none otherwise', async () => {
    const rows = Array.from(
      { length: 6000 },
      (_, i) => `Peptide ${i},${(i % 90) + 1},"A description long enough to fill the file, ${i}"`,
    );
    const file = csv('long.csv', `name,price,description\n${rows.join('\n')}\n`);
    const onTerminal = await shopInProcess(
      data.dir,
      ['products', 'import', file, '--dry-run'],
      {},
      { stderrIsTerminal: true },
    );
    expect(onTerminal.exitCode, onTerminal.stderr).toBe(0);
    expect(onTerminal.stderr).toMatch(/\r█*░* +\d+% {2}[\d,]+ rows/);
    const piped = await shop('products', 'import', file, '--dry-run');
    expect(piped.stderr).not.toContain('%');
  });

  it('with --skip-invalid writes the good rows, reports the bad ones and exits 1 saying so; 0 only when all were imported', async () => {
    const file = csv('mixed.csv', 'name,price\nGood one,5\nBad one,free\nGood two,6\n');
    const result = await shop('products', 'import', file, '--skip-invalid');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('row 3, column price: Price must be a number, not "free"');
    expect(result.stderr).toContain('shop: 1 row rejected (listed above); the other rows were imported\n');
    const clean = await shop(
      'products',
      'import',
      csv('clean.csv', 'name,price\nGood three,7\n'),
      '--skip-invalid',
    );
    expect(clean.exitCode, clean.stderr).toBe(0);
    await shop('products', 'delete', 'Good three', '--yes');
    expect(result.stdout).toMatch(/created\s*│\s*2/);
    expect((await products()).map((p) => p.name)).toEqual(['Already here', 'Good one', 'Good two']);
  });

  it('with --dry-run says what would happen and writes nothing', async () => {
    const file = csv('plan.csv', 'name,price\nNew,5\nalready here,25\nBroken,-1\n');
    const before = await products();
    const plan = await shop('products', 'import', file, '--dry-run', '--update-existing', '--skip-invalid');
    expect(plan.exitCode).toBe(1);
    expect(plan.stderr).toContain(
      'shop: 1 row would be rejected (listed above); the others would be imported\n',
    );
    const summary = plan.data as ImportSummary;
    expect(summary).toMatchObject({ dryRun: true, written: false, created: 1, updated: 1, rejected: 1 });
    expect(summary.problems).toEqual([{ row: 4, column: 'price', message: 'Price must be greater than 0' }]);
    expect(await products()).toEqual(before);

    const strict = await shop('products', 'import', file, '--dry-run');
    expect(strict.exitCode).toBe(1);
    expect(strict.stderr).toContain('Dry run: nothing written');
    expect(await products()).toEqual(before);
  });

  it('with --update-existing updates the columns the file has and leaves the others', async () => {
    await shop('products', 'update', 'Already here', '--category', 'Kept', '--stock', '3');
    const file = csv('prices.csv', 'name,price\nalready here,21.75\nBrand new,4\n');
    const result = await shop('products', 'import', file, '--update-existing');
    expect(result.data).toMatchObject({ created: 1, updated: 1, rejected: 0 });
    const [updated] = await products();
    expect(updated).toMatchObject({ name: 'already here', price: 21.75, category: 'Kept', stock: 3 });
  });

  it('with --update-existing refuses a price or stock for a product in sizes, naming its row, and writes nothing', async () => {
    await shop('products', 'add', 'Sized', '--option', 'Size=5mg,10mg', '--price', '10');
    const before = await products();
    const file = csv('sized.csv', 'name,price,category\nAlready here,21,A\nsized,12,B\n');
    const refused = await shop('products', 'import', file, '--update-existing');
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain(
      'row 3, column price: "sized" comes in 2 sizes: change each with shop variants update\n',
    );
    const after = await products();
    expect(shape(after)).toEqual(shape(before));
    expect(after.map((p) => p.variants)).toEqual(before.map((p) => p.variants));
  });

  it('imports a Shopify product export: one product per handle, status and HTML body mapped', async () => {
    const header =
      'Handle,Title,Body (HTML),Vendor,Product Category,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Image Src,Image Position,Status';
    const file = csv(
      'shopify.csv',
      [
        header,
        'bpc-157,BPC-157 5mg,"<p>Healing <em>research</em></p><script>x()</script>",Helix Labs,,Tissue Repair,,true,Size,5mg,BPC5,40,39.99,https://cdn.example.com/bpc.png,1,active',
        'bpc-157,,,,,,,,Size,10mg,BPC10,12,69.99,https://cdn.example.com/bpc-2.png,2,',
        'tb-500,TB-500 10mg,<p>Actin</p>,NovaPure,,Tissue Repair,,false,Title,Default Title,TB10,,54.50,,,draft',
      ].join('\n'),
    );
    const result = await shop('products', 'import', file, '--no-download-images');
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.data).toMatchObject({ format: 'shopify', rows: 3, created: 2 });
    const byName = Object.fromEntries((await products()).map((p) => [p.name, p]));
    expect(byName['BPC-157 5mg']).toMatchObject({
      price: 39.99,
      stock: 52,
      brand: 'Helix Labs',
      category: 'Tissue Repair',
      description: '<p>Healing <em>research</em></p>',
      imgUrl: 'https://cdn.example.com/bpc.png',
      images: ['https://cdn.example.com/bpc-2.png'],
      available: true,
    });
    expect(byName['BPC-157 5mg']!.variants.map((v) => [v.sku, v.price, v.stock])).toEqual([
      ['BPC5', 39.99, 40],
      ['BPC10', 69.99, 12],
    ]);
    expect(byName['TB-500 10mg']).toMatchObject({ price: 54.5, stock: null, available: false });
  });

  it('with --update-existing still refuses a name the file repeats, naming both rows, and writes nothing', async () => {
    const file = csv('twice.csv', 'name,price\nalready here,21\nNew,3\nALREADY HERE,22\n new ,4\n');
    const before = await products();
    const refused = await shop('products', 'import', file, '--update-existing');
    expect(refused.stderr).toContain('row 4, column name: "ALREADY HERE" is also on row 2\n');
    expect(refused.stderr).toContain('row 5, column name: "new" is also on row 3\n');
    expect(refused.exitCode).toBe(1);
    expect(await products()).toEqual(before);

    const skipped = await shop('products', 'import', file, '--update-existing', '--skip-invalid');
    expect(skipped.data).toMatchObject({ created: 1, updated: 1, rejected: 2 });
    expect((await products()).map((p) => [p.name, p.price])).toEqual([
      ['already here', 21],
      ['New', 3],
    ]);
  });

  it('counts names that differ only by invisible characters or full-width letters as the same, in the file and in the store', async () => {
    const file = csv(
      'look-alikes.csv',
      'name,price\nAlready here\u200b,21\nNew one,3\nNew\u00ad one,4\nＮＥＷ ＯＮＥ,5\n',
    );
    const before = await products();
    const refused = await shop('products', 'import', file);
    expect(refused.stderr).toContain('row 2, column name: A product with this name already exists');
    expect(refused.stderr).toContain('row 4, column name: "New\u00ad one" is also on row 3\n');
    expect(refused.stderr).toContain('row 5, column name: "ＮＥＷ ＯＮＥ" is also on row 3\n');
    expect(refused.exitCode).toBe(1);
    expect(await products()).toEqual(before);

    const updated = await shop('--json', 'products', 'import', file, '--update-existing', '--skip-invalid');
    expect(JSON.parse(updated.stdout)).toMatchObject({ created: 1, updated: 1, rejected: 2 });
    expect((await products()).map((p) => [p.name, p.price])).toEqual([
      ['Already here', 21],
      ['New one', 3],
    ]);
  });

  it('takes a Shopify product’s availability from Published when there is no Status column', async () => {
    const file = csv(
      'published.csv',
      'Handle,Title,Variant Price,Published\nshown,Shown 2mg,10,TRUE\nhidden,Hidden 2mg,11,FALSE\n',
    );
    const result = await shop('products', 'import', file);
    expect(result.data).toMatchObject({ format: 'shopify', created: 2, rejected: 0 });
    const byName = Object.fromEntries((await products()).map((p) => [p.name, p.available]));
    expect(byName).toMatchObject({ 'Shown 2mg': true, 'Hidden 2mg': false });
  });

  it('names the row and the Shopify column of a bad Shopify row, and writes nothing', async () => {
    const file = csv(
      'shopify-bad.csv',
      'Handle,Title,Variant Price,Status\nfine,Fine 1mg,10,active\nbroken,Broken 1mg,abc,active\n',
    );
    const before = await products();
    const result = await shop('products', 'import', file);
    expect(result.stderr).toContain('row 3, column Variant Price: Price must be a number, not "abc"');
    expect(result.exitCode).toBe(1);
    expect(await products()).toEqual(before);
  });

  it('exports JSON for the global --json when --format is not given, and refuses --format csv with --json', async () => {
    const json = await shop('--json', 'products', 'export');
    expect(json.exitCode, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as Product[]).map((p) => p.name)).toEqual(['Already here']);
    const out = join(data.dir, 'catalogue.json');
    expect((await shop('--json', 'products', 'export', '--out', out)).exitCode).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(JSON.parse(json.stdout));
    expect((await shop('--json', 'products', 'export', '--format', 'json')).stdout).toBe(json.stdout);

    const both = await shop('--json', 'products', 'export', '--format', 'csv');
    expect(both.stderr).toBe(
      'shop: --format csv conflicts with --json: give one of them (--json alone exports JSON)\n',
    );
    expect(both.exitCode).toBe(2);
    expect(both.stdout).toBe('');
    expect((await shop('products', 'export')).stdout).toMatch(/^name,price,/);
  });

  it('export → import into an empty store round-trips every field, in CSV and the file it writes', async () => {
    const source = csv(
      'source.csv',
      'name,price,description,category,brand,stock,available,image\n' +
        '"Comma, ""quoted""",10.1,"<p>a <strong>b</strong></p>",Cat,Brand,0,false,/images/x.png\n' +
        'Leading space?,1000000,plain text,,,1000000,true,https://example.com/i.webp\n' +
        'Ünïcode 🧪,0.01,"multi\nline",,,,true,\n',
    );
    await shop('products', 'import', source, '--no-download-images');
    const exported = await shop('products', 'export');
    expect(exported.exitCode).toBe(0);

    const copy = tempDataDir('import-copy');
    try {
      const file = join(copy.dir, 'catalogue.csv');
      writeFileSync(file, exported.stdout);
      const imported = await shopInProcess(copy.dir, ['products', 'import', file, '--no-download-images']);
      expect(imported.exitCode, imported.stderr).toBe(0);
      const out = join(copy.dir, 'again.csv');
      await shopInProcess(copy.dir, ['products', 'export', '--out', out]);
      expect(readFileSync(out, 'utf8')).toBe(exported.stdout);
      const copied = printedJson<Product[]>(
        await shopInProcess(copy.dir, ['--json', 'products', 'list', '--all']),
      );
      expect(shape(copied)).toEqual(shape(await products()));
    } finally {
      copy.remove();
    }
  });

  it('exports no cell a spreadsheet would run as a formula, in our CSV or Shopify’s, yet import reads every name back exactly', async () => {
    const names = [
      '=HYPERLINK("http://evil.example","x")',
      '+Plus 5mg',
      '-20 °C box',
      '@home kit',
      "'=already quoted",
      "It's fine",
    ];
    for (const name of names) await shop('products', 'add', '--name', name, '--price', '5');
    const exported = (await shop('products', 'export')).stdout;
    expect(exported).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")",5,`);
    expect(exported).toContain(`\r\nIt's fine,5,`);
    const shopify = (await shop('products', 'export', '--format', 'shopify')).stdout;

    for (const text of [exported, shopify]) {
      for (const cell of parse(text).flat() as string[]) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      const copy = tempDataDir('import-formulas');
      try {
        const file = join(copy.dir, 'catalogue.csv');
        writeFileSync(file, text);
        const imported = await shopInProcess(copy.dir, ['products', 'import', file]);
        expect(imported.exitCode, imported.stderr).toBe(0);
        const listed = printedJson<Product[]>(await shopInProcess(copy.dir, ['--json', 'products', 'list']));
        expect(listed.map((p: { name: string }) => p.name).sort()).toEqual(['Already here', ...names].sort());
      } finally {
        copy.remove();
      }
    }
  });

  it.each([
    [
      'into a folder that does not exist',
      () => join(data.dir, 'missing', 'out.csv'),
      'its folder does not exist',
    ],
    ['over a folder', () => data.dir, 'it is a folder'],
  ])(
    'export --out %s fails naming the file and leaves no partial file behind',
    async (_case, out, reason) => {
      const target = out();
      const result = await shop('products', 'export', '--out', target);
      expect(result.stderr).toBe(`shop: Cannot write ${target}: ${reason}\n`);
      expect(result.exitCode).toBe(1);
      // shopInProcess runs the command in this process, so the partial file would carry this pid
      expect(existsSync(`${target}.partial-${process.pid}`)).toBe(false);
    },
  );

  it('exports JSON with every product, unavailable ones included, which import reads back', async () => {
    await shop(
      'products',
      'add',
      '--name',
      'Hidden',
      '--price',
      '3',
      '--stock',
      '2',
      '--description',
      '<p>x</p>',
    );
    await shop('products', 'toggle', 'Hidden', '--off');
    const out = join(data.dir, 'catalogue.json');
    expect((await shop('products', 'export', '--format', 'json', '--out', out)).exitCode).toBe(0);
    const list = JSON.parse(readFileSync(out, 'utf8')) as Product[];
    expect(list.map((p) => [p.name, p.available])).toEqual([
      ['Already here', true],
      ['Hidden', false],
    ]);

    const copy = tempDataDir('import-json');
    try {
      const imported = await shopInProcess(copy.dir, ['products', 'import', out]);
      expect(imported.data).toMatchObject({ format: 'json', created: 2, rejected: 0 });
      const copied = printedJson<Product[]>(
        await shopInProcess(copy.dir, ['--json', 'products', 'list', '--all']),
      );
      expect(shape(copied)).toEqual(shape(list));

      const bad = join(copy.dir, 'bad.json');
      writeFileSync(bad, JSON.stringify([{ name: 'Fine', price: 2 }, { name: 'Cheap', price: -1 }, 7]));
      const refused = await shopInProcess(copy.dir, ['products', 'import', bad]);
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toContain('item 2, field price: Price must be greater than 0');
      expect(refused.stderr).toContain('item 3: is not a product object');

      const broken = join(copy.dir, 'broken.json');
      writeFileSync(broken, '[{"name":"One","price":1},\n{"name":"Two","price":2,}]');
      const unreadable = await shopInProcess(copy.dir, ['products', 'import', broken]);
      expect(unreadable.exitCode).toBe(1);
      expect(unreadable.stderr).toContain(
        "broken.json: not valid JSON (Parser cannot parse input: unexpected token '}'). Nothing was written.",
      );
      const notList = join(copy.dir, 'object.json');
      writeFileSync(notList, '{"name":"One","price":1}');
      expect((await shopInProcess(copy.dir, ['products', 'import', notList])).stderr).toContain(
        'expected a JSON array of products, as export --format json writes',
      );
    } finally {
      copy.remove();
    }
  });
});
