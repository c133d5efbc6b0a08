import useSWR from 'swr';
import type { OrderFilter } from '../../../shared/domain/order.js';
import { adminApi } from '../../../shared/web/admin-api.js';
import { cacheKeys } from '../cache-keys.js';

export function useAdminOrders(filter: OrderFilter, search: string) {
  return useSWR(
    cacheKeys.orders(filter, search),
    async () => (await adminApi.orders.list({ status: filter, search })).orders,
    { keepPreviousData: true, refreshInterval: 10_000 },
  );
}
