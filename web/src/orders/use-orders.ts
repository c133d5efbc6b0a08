import useSWR from 'swr';
import type { OrderResponse } from '../../../shared/api/client.js';
import { api } from '../../../shared/web/api.js';
import { useAuth } from '../../../shared/web/auth-context.js';
import { cacheKeys } from '../cache-keys.js';

/** The signed-in shopper's orders; keyed by uid so another user's never show from the cache. */
export function useMyOrders() {
  const { user } = useAuth();
  return useSWR(user ? cacheKeys.myOrders(user.uid) : null, async () => (await api.orders.mine()).orders);
}

/** One order; `refreshInterval` polls, e.g. while a card payment is being confirmed. */
export function useOrder(
  orderId: string | null,
  refreshInterval: number | ((latest: OrderResponse | undefined) => number) = 0,
) {
  const { user } = useAuth();
  return useSWR(user && orderId ? cacheKeys.order(user.uid, orderId) : null, () => api.orders.get(orderId!), {
    refreshInterval,
    shouldRetryOnError: false,
  });
}
