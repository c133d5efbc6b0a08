import useSWR, { useSWRConfig } from 'swr';
import type { OrderListQuery } from '../../../shared/domain/order-listing.js';
import type { StaffOrder } from '../../../shared/domain/order-shipping-view.js';
import { adminApi } from '../../../shared/web/admin-api.js';
import { cacheKeys, isOrderPage } from '../cache-keys.js';

/** How often a page re-checks the server; an unchanged one answers 304 (the browser revalidates by ETag). */
const ORDERS_REFRESH_MS = 10_000;

/** One page of orders as the server filters, sorts and pages them. */
export function useAdminOrders(query: OrderListQuery) {
  return useSWR(cacheKeys.orders(query), () => adminApi.orders.list(query), {
    keepPreviousData: true,
    refreshInterval: ORDERS_REFRESH_MS,
  });
}

export function useAdminOrder(orderId: string) {
  return useSWR(cacheKeys.order(orderId), async () => (await adminApi.orders.get(orderId)).order, {
    refreshInterval: ORDERS_REFRESH_MS,
  });
}

/** After staff change an order: it shows as changed at once, and every page is read again. */
export function useOrderChanged() {
  const { mutate } = useSWRConfig();
  return (order: StaffOrder) => {
    void mutate(cacheKeys.order(order.id), order, { revalidate: false });
    void mutate(isOrderPage);
  };
}
