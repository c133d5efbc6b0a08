import { describe, expect, it } from 'vitest';
import { cacheKeys as adminKeys } from '../../admin-web/src/cache-keys.js';
import { cacheKeys, isOrderListKey } from '../../web/src/cache-keys.js';

describe('the storefront’s cache keys', () => {
  it('clears every user’s order list after an order is placed, and nothing else', () => {
    expect(isOrderListKey(cacheKeys.myOrders('u1'))).toBe(true);
    expect(isOrderListKey(cacheKeys.myOrders('u2'))).toBe(true);
    expect(isOrderListKey(cacheKeys.order('u1', 'o1'))).toBe(false);
    expect(isOrderListKey(cacheKeys.cataloguePage(''))).toBe(false);
    expect(isOrderListKey(cacheKeys.suggestions('bpc'))).toBe(false);
    expect(isOrderListKey(cacheKeys.quote([{ productId: 'p', quantity: 1 }]))).toBe(false);
  });

  it('keeps one user’s orders apart from another’s', () => {
    expect(cacheKeys.myOrders('u1')).not.toEqual(cacheKeys.myOrders('u2'));
    expect(cacheKeys.order('u1', 'o1')).not.toEqual(cacheKeys.order('u2', 'o1'));
  });

  it('asks again for prices when a quantity changes', () => {
    expect(cacheKeys.quote([{ productId: 'p', quantity: 1 }])).not.toEqual(
      cacheKeys.quote([{ productId: 'p', quantity: 2 }]),
    );
  });
});

describe('the admin app’s cache keys', () => {
  it('gives each order filter and search its own list', () => {
    expect(adminKeys.orders('unshipped', '')).not.toEqual(adminKeys.orders('all', ''));
    expect(adminKeys.orders('all', 'HX-1')).not.toEqual(adminKeys.orders('all', ''));
  });
});
