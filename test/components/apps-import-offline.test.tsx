// @vitest-environment happy-dom
import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => vi.unstubAllGlobals());

// Importing a component must not reach for the server: under happy-dom such a request went to
// 127.0.0.1:3000 and printed ECONNREFUSED in every component-test file.
it('importing the apps’ components sends no request until one asks for data', async () => {
  const fetch = vi.fn(async () => Response.json({}));
  vi.stubGlobal('fetch', fetch);
  await import('../../web/src/cart/cart-context.js');
  await import('../../admin-web/src/products/products-page.js');
  await import('../../shared/web/api.js');
  expect(fetch).not.toHaveBeenCalled();
});
