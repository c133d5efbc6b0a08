import { describe, expect, it } from 'vitest';
import { cacheKeys as adminKeys, isOrderPage } from '../../admin-web/src/cache-keys.js';
import { DEFAULT_ORDER_QUERY, type OrderListQuery } from '../../shared/domain/order-listing.js';
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
  const page = (q: Partial<OrderListQuery>) => adminKeys.orders({ ...DEFAULT_ORDER_QUERY, ...q });

  it('gives each order filter, search, sort and page its own list', () => {
    expect(page({ status: 'unshipped' })).not.toEqual(page({ status: 'all' }));
    expect(page({ q: 'HX-1' })).not.toEqual(page({}));
    expect(page({ sort: 'oldest' })).not.toEqual(page({}));
    expect(page({ page: 2 })).not.toEqual(page({}));
    expect(page({ from: '2026-01-01' })).toEqual(page({ from: '2026-01-01' }));
  });

  it('clears every orders page after an order changes, and not the order itself', () => {
    expect(isOrderPage(page({ status: 'paid', page: 3 }))).toBe(true);
    expect(isOrderPage(adminKeys.order('o1'))).toBe(false);
    expect(isOrderPage(adminKeys.products)).toBe(false);
  });
});
