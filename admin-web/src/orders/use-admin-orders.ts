import useSWR from 'swr';
import type { OrderFilter } from '../../../shared/domain/order.js';
import { adminApi } from '../../../shared/web/admin-api.js';

export function useAdminOrders(filter: OrderFilter, search: string) {
  return useSWR(
    ['admin/orders', filter, search],
    async () => (await adminApi.orders.list({ status: filter, search })).orders,
    { keepPreviousData: true, refreshInterval: 10_000 },
  );
}
