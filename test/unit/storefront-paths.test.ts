import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STOREFRONT_ROUTES, storefrontPath } from '../../shared/domain/storefront-paths.js';

describe('storefront paths the server knows', () => {
  it('are exactly the routes the storefront declares, so no page of the app is answered 404', () => {
    const source = readFileSync(new URL('../../web/src/routing/routes.tsx', import.meta.url), 'utf8');
    const declared = [...source.matchAll(/path="([^"]+)"/g)].map((m) => m[1]).filter((p) => p !== '*');
    expect([...declared].sort()).toEqual([...STOREFRONT_ROUTES].sort());
  });

  it('tells a product page, a known page with or without a trailing slash, and anything else apart', () => {
    expect(storefrontPath('/products/abc%20d')).toEqual({ kind: 'product', productId: 'abc d' });
    expect(storefrontPath('/products/%E0%A4%A')).toEqual({ kind: 'unknown' });
    expect(storefrontPath('/store/')).toEqual({ kind: 'page' });
    expect(storefrontPath('/order-details/o1')).toEqual({ kind: 'page' });
    expect(storefrontPath('/products/a/b')).toEqual({ kind: 'unknown' });
    expect(storefrontPath('/stores')).toEqual({ kind: 'unknown' });
  });
});
