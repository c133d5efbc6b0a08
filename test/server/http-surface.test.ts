import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app.js';
import { assertSafeToListen, startServer, UnsafeListenError } from '../../server/start-server.js';
import { loadConfig } from '../../shared/backend/config.js';
import type { Store } from '../../shared/backend/store/port.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

describe('HTTP surface', () => {
  it('sends security headers on API, page and error responses', async () => {
    for (const path of ['/api/products', '/api/nope', '/', '/store']) {
      const response = await t.app.request(path);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    expect((await t.app.request('/api/products')).headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    const page = (await t.app.request('/')).headers.get('content-security-policy') ?? '';
    expect(page).toContain("script-src 'self'");
    expect(page).toContain(`connect-src 'self' ${t.config.web.authEmulatorUrl}`);
  });

  it('serves the storefront at / and the admin app at /admin/, falling back to each index for app routes', async () => {
    const home = await t.app.request('/store?page=2');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
    const admin = await t.app.request('/admin/manage-products/abc');
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain('/admin/assets/');
    expect((await t.app.request('/admin')).headers.get('location')).toBe('/admin/');
    expect((await t.app.request('/assets/missing-file.js')).status).toBe(404);
  });

  it('answers an unexpected failure with a generic 500 and no stack trace', async () => {
    const broken = {
      ...t.store,
      kind: 'sqlite',
      products: {
        ...t.store.products,
        changeToken: () => Promise.reject(new Error('disk on fire at /secret/path')),
      },
      close: async () => {},
    } as unknown as Store;
    const app = createApp({ ...t.deps, store: broken });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await app.request('/api/products');
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({
      error: { code: 'internal', message: 'Something went wrong on our side; please try again' },
    });
    expect(body).not.toContain('secret');
  });
});

describe('listening', () => {
  it('refuses to listen beyond loopback while trusting unsigned emulator tokens', () => {
    const config = loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', HOST: '0.0.0.0' });
    expect(() => assertSafeToListen(config)).toThrow(UnsafeListenError);
    expect(() => assertSafeToListen(config)).toThrow(/Refusing to listen on 0\.0\.0\.0/);
    expect(() => assertSafeToListen({ ...config, host: '127.0.0.1' })).not.toThrow();
    expect(() => assertSafeToListen({ ...config, authEmulatorHost: null })).not.toThrow();
  });

  it('serves over a real socket on the configured port', async () => {
    const server = await startServer({ ...t.deps, config: { ...t.config, port: 0 } });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const response = await fetch(`${server.url}/api/health`);
      expect(await response.json()).toEqual({ status: 'ok', backend: 'sqlite' });
    } finally {
      await server.close();
    }
  });
});
