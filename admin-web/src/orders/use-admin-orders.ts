import useSWR from 'swr';
import type { OrderFilter } from '../../../shared/domain/order.js';
import { api } from '../../../shared/web/api.js';

export function useAdminOrders(filter: OrderFilter, search: string) {
  return useSWR(
    ['admin/orders', filter, search],
    async () => (await api.admin.orders.list({ status: filter, search })).orders,
    { keepPreviousData: true, refreshInterval: 10_000 },
  );
}
