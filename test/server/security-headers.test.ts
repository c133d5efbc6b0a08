import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app.js';
import { documentSecurityHeaders } from '../../server/middleware/security-headers.js';
import { type RunningServer, startServer } from '../../server/start-server.js';
import type { Store } from '../../shared/backend/store/port.js';
import { TINY_PNG } from '../support/images.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
};

/** The headers of a response that the test compares, by name. */
function picked(response: Response, names: string[]): Record<string, string | null> {
  return Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));
}

function expectApiHeaders(response: Response) {
  expect(picked(response, Object.keys(API_HEADERS))).toEqual(API_HEADERS);
}

/** An image keeps its own, stricter policy: it can never run script. */
const IMAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

function expectDocumentHeaders(response: Response, path = '') {
  const { 'content-security-policy': pagePolicy, ...others } = documentSecurityHeaders(t.config);
  expect(picked(response, Object.keys(others))).toEqual(others);
  const policy = response.headers.get('content-security-policy');
  expect(policy).toBe(path.startsWith('/images/') ? IMAGE_POLICY : pagePolicy);
}

/** A built app on disk: an index page and one hashed asset. */
function builtApp(root: string, name: string): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), `<!doctype html><div id="root"></div>`);
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1);');
  return dir;
}

let t: TestApp;
let server: RunningServer;
let appsDir: string;

beforeAll(async () => {
  appsDir = mkdtempSync(join(tmpdir(), 'shop-headers-apps-'));
  t = createTestApp({ webDist: { storefront: builtApp(appsDir, 'web'), admin: builtApp(appsDir, 'admin') } });
  writeFileSync(join(t.deps.imagesDir!, 'tiny.png'), TINY_PNG);
  server = await startServer({ ...t.deps, config: { ...t.config, port: 0 } });
});

afterAll(async () => {
  await server.close();
  await t.close();
  rmSync(appsDir, { recursive: true, force: true });
});

describe('security headers over a real socket', () => {
  it('every API response carries the API set: JSON, the cached product list and its 304, errors and 404', async () => {
    const list = await fetch(`${server.url}/api/products`);
    expect(list.status).toBe(200);
    expectApiHeaders(list);
    // Twice: the second answer comes from the serialised list kept between requests.
    const again = await fetch(`${server.url}/api/products`);
    expectApiHeaders(again);
    const notModified = await fetch(`${server.url}/api/products`, {
      headers: { 'if-none-match': again.headers.get('etag')! },
    });
    expect(notModified.status).toBe(304);
    expectApiHeaders(notModified);

    const responses = {
      health: await fetch(`${server.url}/api/health`),
      missingProduct: await fetch(`${server.url}/api/products/no-such-product`),
      invalidBody: await fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
      noToken: await fetch(`${server.url}/api/admin/products`),
      noRoute: await fetch(`${server.url}/api/nope`),
    };
    expect(Object.fromEntries(Object.entries(responses).map(([k, r]) => [k, r.status]))).toEqual({
      health: 200,
      missingProduct: 404,
      invalidBody: 400,
      noToken: 401,
      noRoute: 404,
    });
    for (const response of Object.values(responses)) expectApiHeaders(response);
  });

  it('every page, app file, image and 404 outside the API carries the document set', async () => {
    expect(documentSecurityHeaders(t.config)).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'content-security-policy': expect.stringMatching(/^default-src 'self';.*; frame-ancestors 'none'$/),
    });
    const paths = {
      '/': 200,
      '/store?page=2': 200,
      '/assets/index-abc123.js': 200,
      '/assets/missing.js': 404,
      '/admin/': 200,
      '/admin/manage-products/abc': 200,
      '/admin/assets/index-abc123.js': 200,
      '/admin': 301,
      '/images/tiny.png': 200,
      '/images/missing.png': 404,
    };
    for (const [path, status] of Object.entries(paths)) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect({ path, status: response.status }).toEqual({ path, status });
      expectDocumentHeaders(response, path);
    }
  });

  it('an unexpected failure, a generic 500, carries the API set', async () => {
    const broken = {
      ...t.store,
      products: { ...t.store.products, changeToken: () => Promise.reject(new Error('disk on fire')) },
    } as unknown as Store;
    const failing = await startServer({ ...t.deps, store: broken, config: { ...t.config, port: 0 } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await fetch(`${failing.url}/api/products`);
      expect(response.status).toBe(500);
      expectApiHeaders(response);
    } finally {
      logged.mockRestore();
      await failing.close();
    }
  });

  it('a header middleware added later reaches every route, the cached product list too, and a hand-built Response gets the security headers', async () => {
    const app = new Hono()
      .use(async (c, next) => {
        c.header('x-added-later', 'yes');
        await next();
      })
      .route('/', createApp({ ...t.deps, webDist: undefined }));
    app.get('/hand-built', () => new Response('built by hand', { headers: { 'x-own': '1' } }));
    const later = await new Promise<{ url: string; close(): void }>((resolve) => {
      const listening = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) =>
        resolve({ url: `http://127.0.0.1:${info.port}`, close: () => listening.close() }),
      );
    });
    try {
      for (const path of ['/api/products', '/api/products', '/api/health', '/api/nope']) {
        const response = await fetch(`${later.url}${path}`);
        expect({ path, added: response.headers.get('x-added-later') }).toEqual({ path, added: 'yes' });
        expectApiHeaders(response);
      }
      const handBuilt = await fetch(`${later.url}/hand-built`);
      expect(await handBuilt.text()).toBe('built by hand');
      expect(handBuilt.headers.get('x-own')).toBe('1');
      expectDocumentHeaders(handBuilt);
    } finally {
      later.close();
    }
  });
});
