import { readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ImportSummary } from '../../../cli/import/run-import.js';
import type { Product } from '../../../shared/domain/product.js';
import { printedJson, shopInProcess, tempDataDir } from '../../support/cli.js';
import { TINY_JPEG, TINY_PNG } from '../../support/images.js';

// A real HTTP server on loopback, standing for the sites a catalogue's images live on.
const hits = new Map<string, number>();
let server: Server;
let site: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/a.png') res.writeHead(200, { 'content-type': 'image/png' }).end(TINY_PNG);
    else if (path === '/b.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(TINY_JPEG);
    else if (path === '/page.jpg')
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>Sorry');
    else res.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('shop products import: remote images', () => {
  let data: ReturnType<typeof tempDataDir>;
  const shop = (...args: string[]) => shopInProcess(data.dir, args);
  const catalogue = () => {
    const file = join(data.dir, 'catalogue.csv');
    writeFileSync(
      file,
      'name,price,image,images,variant image,option1 name,option1 value\n' +
        `Imaged,10,${site}/a.png,${site}/b.jpg,${site}/a.png,Size,5 mg\n` +
        `Imaged,12,,,${site}/b.jpg,,10 mg\n` +
        `Broken link,5,${site}/missing.png,,,,\n` +
        `Not an image,6,${site}/page.jpg,,,,\n`,
    );
    return file;
  };
  const byName = async () =>
    Object.fromEntries(
      printedJson<Product[]>(await shop('--json', 'products', 'list', '--all')).map((p) => [p.name, p]),
    );
  const stored = () =>
    readdirSync(join(data.dir, 'images'), { withFileTypes: true }).filter((f) => f.isFile());

  beforeEach(() => {
    data = tempDataDir('import-images');
    hits.clear();
  });
  afterEach(() => data.remove());

  it('downloads every remote image of the file (main, gallery, size) once into the shop’s images, and keeps the links that fail, naming their rows', async () => {
    const result = await shop('products', 'import', catalogue());
    expect(result.exitCode, result.stderr).toBe(0);
    expect(Object.fromEntries(hits)).toEqual({ '/a.png': 1, '/b.jpg': 1, '/missing.png': 1, '/page.jpg': 1 });
    const summary = result.data as ImportSummary;
    expect(summary.images).toEqual({ remote: 4, downloaded: 2, failed: 2 });
    expect(summary.warnings).toEqual([
      {
        row: 4,
        column: 'image',
        message: `image not downloaded (the server answered 404 Not Found): the link ${site}/missing.png is kept`,
      },
      {
        row: 5,
        column: 'image',
        message: `image not downloaded (not an image: only JPEG, PNG and WebP are kept, judged by the bytes): the link ${site}/page.jpg is kept`,
      },
    ]);
    expect(result.stderr).toContain(
      `row 4, column image: image not downloaded (the server answered 404 Not Found)`,
    );
    expect(result.stderr).toContain('with 2 images downloaded.');

    const products = await byName();
    const imaged = products.Imaged!;
    expect(imaged.imgUrl).toMatch(/^\/images\/[A-Za-z0-9]+\.png$/);
    expect(imaged.images).toEqual([expect.stringMatching(/^\/images\/[A-Za-z0-9]+\.jpg$/)]);
    expect(imaged.variants.map((v) => v.imgUrl)).toEqual([imaged.imgUrl, imaged.images[0]]);
    expect(
      stored()
        .map((f) => f.name)
        .sort(),
    ).toEqual([imaged.imgUrl, imaged.images[0]!].map((url) => url.slice('/images/'.length)).sort());
    expect(products['Broken link']!.imgUrl).toBe(`${site}/missing.png`);
    expect(products['Not an image']!.imgUrl).toBe(`${site}/page.jpg`);
  });

  it('with --no-download-images keeps every link and fetches nothing, and says so', async () => {
    const result = await shop('products', 'import', catalogue(), '--no-download-images');
    expect(result.exitCode, result.stderr).toBe(0);
    expect(hits.size).toBe(0);
    expect(result.stderr).toContain(
      '4 image links of the file kept as links to their sites (--no-download-images).',
    );
    expect((await byName()).Imaged!.imgUrl).toBe(`${site}/a.png`);
  });

  it('a dry run downloads nothing, and says how many links a real run would download', async () => {
    const result = await shop('products', 'import', catalogue(), '--dry-run');
    expect(result.exitCode, result.stderr).toBe(0);
    expect(hits.size).toBe(0);
    expect((result.data as ImportSummary).notices).toEqual([
      "4 image links of the file would be downloaded into the shop's image store (not tried in a dry run).",
    ]);
    expect(await byName()).toEqual({});
  });
});
