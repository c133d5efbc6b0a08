import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firebaseAppCheckVerifier } from '../../server/middleware/app-check.js';
import { createApiClient } from '../../shared/api/client.js';
import { startAppCheckIssuer } from '../support/app-check-issuer.js';
import { TEST_PROJECT_ID } from '../support/constants.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const SITE_KEY = '6LcTestSiteKeyForAppCheck';

describe('App Check enforcement (SHOP_APP_CHECK=enforce)', () => {
  let issuer: Awaited<ReturnType<typeof startAppCheckIssuer>>;
  let shop: TestApp;
  let verifierApp: App;

  beforeAll(async () => {
    issuer = await startAppCheckIssuer();
    verifierApp = initializeApp({ projectId: TEST_PROJECT_ID, httpAgent: issuer.agent }, 'app-check-test');
    shop = createTestApp(
      { appCheck: firebaseAppCheckVerifier(verifierApp) },
      { SHOP_APP_CHECK: 'enforce', SHOP_APP_CHECK_SITE_KEY: SITE_KEY },
    );
  });
  afterAll(async () => {
    await shop.close();
    await deleteApp(verifierApp);
    await issuer.close();
  });

  const products = (token?: string) =>
    shop.app.request('/api/products', token ? { headers: { 'X-Firebase-AppCheck': token } } : {});

  it('refuses a request without a token with a 401 naming the header', async () => {
    const response = await products();
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: {
        code: 'unauthenticated',
        message:
          'This shop only answers its own apps: the request has no App Check token (X-Firebase-AppCheck header)',
      },
    });
  });

  it('refuses malformed, forged, expired and other projects’ tokens', async () => {
    const invalid = [
      'not-a-token',
      issuer.mint(TEST_PROJECT_ID, { key: issuer.strangerKey() }),
      issuer.mint(TEST_PROJECT_ID, { key: issuer.strangerKey(), kid: 'unknown-key' }),
      issuer.mint(TEST_PROJECT_ID, { expiresInSeconds: -120 }),
      issuer.mint('someone-elses-project'),
    ];
    for (const token of invalid) {
      const response = await products(token);
      expect(response.status, token).toBe(401);
      expect((await response.json()).error.message).toBe(
        'The App Check token is invalid or expired; reload the page and try again',
      );
    }
  });

  it('serves a request with a valid token', async () => {
    const response = await products(issuer.mint(TEST_PROJECT_ID));
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveProperty('products');
  });

  it('lets the apps read their configuration, site key included, without a token', async () => {
    const response = await shop.app.request('/api/config');
    expect(response.status).toBe(200);
    expect((await response.json()).firebase.appCheckSiteKey).toBe(SITE_KEY);
    expect((await shop.app.request('/api/health')).status).toBe(200);
  });

  it('lets the pages load reCAPTCHA and reach App Check', async () => {
    const csp = (await shop.app.request('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(
      /script-src 'self' https:\/\/www\.google\.com\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\//,
    );
    expect(csp).toContain('frame-src https://www.google.com/recaptcha/');
    expect(csp).toMatch(/connect-src [^;]*https:\/\/content-firebaseappcheck\.googleapis\.com/);
  });

  it('is satisfied by the apps’ API client when it has a token provider', async () => {
    const viaApp: typeof fetch = (input, init) => Promise.resolve(shop.app.request(String(input), init));
    const withToken = createApiClient({
      baseUrl: 'http://shop.localhost',
      fetch: viaApp,
      getAppCheckToken: async () => issuer.mint(TEST_PROJECT_ID),
    });
    expect((await withToken.products.list()).products).toEqual([]);
    const without = createApiClient({ baseUrl: 'http://shop.localhost', fetch: viaApp });
    await expect(without.products.list()).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
  });
});
