import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compression } from '../../server/middleware/compression.js';
import { type RunningServer, startServer } from '../../server/start-server.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { type RawResponse, rawGet } from '../support/raw-http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let server: RunningServer;
beforeAll(async () => {
  t = createTestApp();
  for (let i = 0; i < 60; i++) {
    await t.store.products.add(
      newProductSchema.parse({ name: `Compressible peptide ${i}`, price: 20 + i, category: 'Peptides' }),
    );
  }
  server = await startServer({ ...t.deps, config: { ...t.config, port: 0 } });
});
afterAll(async () => {
  await server.close();
  await t.close();
});

const LISTING = '/api/products?perPage=48';
const get = (path: string, acceptEncoding?: string, extra: Record<string, string> = {}) =>
  rawGet(`${server.url}${path}`, {
    ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    ...extra,
  });

function decoded(response: RawResponse): Buffer {
  const coding = response.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(response.body);
  if (coding === 'gzip') return gunzipSync(response.body);
  expect(coding).toBeUndefined();
  return response.body;
}

describe('JSON answers are compressed as the client accepts', () => {
  it('sends the listing in br, gzip or as it is, the same JSON each time, always with Vary: Accept-Encoding', async () => {
    const plain = await get(LISTING);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const json = JSON.parse(plain.body.toString('utf8'));
    expect(json.products.length).toBeGreaterThan(0);

    for (const [accept, coding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip;q=0.9', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['*', 'br'],
      ['gzip;q=0, *;q=0.2', 'br'],
      ['deflate', undefined],
      ['br;q=0, gzip;q=0', undefined],
      ['identity', undefined],
    ] as const) {
      const response = await get(LISTING, accept);
      expect(response.status, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(coding);
      expect(response.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(JSON.parse(decoded(response).toString('utf8')), accept).toEqual(json);
      if (coding) expect(response.body.length, accept).toBeLessThan(plain.body.length / 3);
    }
  });

  it('keeps the weak ETag in every coding, and a client holding it gets an empty 304 whatever it accepts', async () => {
    const br = await get(LISTING, 'br');
    const plain = await get(LISTING);
    expect(br.headers.etag).toMatch(/^W\//);
    expect(br.headers.etag).toBe(plain.headers.etag);
    for (const accept of ['br', 'gzip', undefined]) {
      const again = await get(LISTING, accept, { 'if-none-match': String(br.headers.etag) });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers['content-encoding']).toBeUndefined();
      expect(again.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('answers a changed catalogue with its new content, not a compressed copy of the old one', async () => {
    const before = await get(LISTING, 'br');
    await t.store.products.add(newProductSchema.parse({ name: 'Aardvark peptide', price: 21 }));
    const after = await get(LISTING, 'br');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(decoded(after).toString('utf8')).toContain('Aardvark peptide');
  });

  it('leaves tiny bodies as they are', async () => {
    const health = await get('/api/health', 'br, gzip');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString('utf8'))).toEqual({ status: 'ok', backend: 'sqlite' });
  });
});

describe('files', () => {
  const hashedScript = () => {
    const dir = join(t.deps.webDist!.storefront, 'assets');
    const name = readdirSync(dir).find((f) => /^index-[\w-]{8,}\.js$/.test(f));
    expect(name, `a hashed script in ${dir}`).toBeDefined();
    return { name: name!, bytes: readFileSync(join(dir, name!)) };
  };

  it('sends hashed assets precompressed, cached for a year as immutable', async () => {
    const { name, bytes } = hashedScript();
    for (const accept of ['br', 'gzip', undefined]) {
      const response = await get(`/assets/${name}`, accept);
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-encoding']).toBe(accept);
      expect(decoded(response).equals(bytes)).toBe(true);
    }
  });

  it('has the browser revalidate the page itself, so a new build is seen at once', async () => {
    for (const path of ['/', '/store?category=Peptides']) {
      const page = await get(path, 'br');
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(decoded(page).toString('utf8')).toContain('<div id="root">');
    }
  });

  it('does not compress again what is compressed already (images)', async () => {
    const png = Buffer.alloc(4096, 7);
    writeFileSync(join(t.deps.imagesDir!, 'compressed-already.png'), png);
    const image = await get('/images/compressed-already.png', 'br, gzip');
    expect(image.status).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.equals(png)).toBe(true);
  });
});

describe('HTML and streamed bodies', () => {
  it('compresses a large page, and a body streamed in chunks without reading it whole first', async () => {
    const page = `<!doctype html><main>${'<p>Research peptides you can verify.</p>'.repeat(200)}</main>`;
    const rows = Array.from({ length: 20_000 }, (_, i) => `row ${i},BPC-157,${i % 97}\n`);
    const app = new Hono()
      .use(compression())
      .get('/page', (c) => c.html(page, 200))
      .get('/rows.csv', (c) => {
        let next = 0;
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (next >= rows.length) return controller.close();
            controller.enqueue(new TextEncoder().encode(rows.slice(next, next + 500).join('')));
            next += 500;
          },
        });
        return c.body(body, 200, { 'content-type': 'text/csv; charset=utf-8' });
      });
    const listener = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => listener.once('listening', resolve));
    const address = listener.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const html = await rawGet(`${base}/page`, { 'accept-encoding': 'br' });
      expect(html.headers['content-encoding']).toBe('br');
      expect(html.headers['content-type']).toMatch(/text\/html/);
      expect(decoded(html).toString('utf8')).toBe(page);
      const csv = await rawGet(`${base}/rows.csv`, { 'accept-encoding': 'gzip' });
      expect(csv.headers['content-encoding']).toBe('gzip');
      expect(csv.headers['content-length']).toBeUndefined();
      expect(decoded(csv).toString('utf8')).toBe(rows.join(''));
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});
