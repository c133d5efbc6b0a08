import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import useSWR, { useSWRConfig } from 'swr';
import type { UnseenOrders } from '../../../shared/domain/unseen-orders.js';
import { adminApi } from '../../../shared/web/admin-api.js';
import { cacheKeys } from '../cache-keys.js';

/** As often as the orders list checks; an unchanged answer is a 304 (the browser revalidates by ETag). */
const UNSEEN_REFRESH_MS = 10_000;

/** Orders placed since this admin last viewed the list; a toast names each newest order that arrives. */
export function useUnseenOrders() {
  const answer = useSWR(cacheKeys.unseenOrders, () => adminApi.orders.unseen(), {
    refreshInterval: UNSEEN_REFRESH_MS,
  });
  // undefined until the first answer: orders already there when the page opened are not news.
  const newest = useRef<string | null | undefined>(undefined);
  const latest = answer.data?.newest ?? null;
  useEffect(() => {
    if (!answer.data) return;
    if (newest.current !== undefined && latest && latest.id !== newest.current)
      toast(`New order ${latest.number}`, { icon: '🛒' });
    newest.current = latest?.id ?? null;
  }, [answer.data, latest]);
  return answer.data;
}

/** The orders list tells the server it was viewed whenever it shows other orders; the badge clears. */
export function useMarkOrdersSeen(shown: unknown) {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (shown === undefined) return;
    adminApi.orders
      .markSeen()
      .then((unseen: UnseenOrders) => mutate(cacheKeys.unseenOrders, unseen, { revalidate: false }))
      .catch(() => {});
  }, [shown, mutate]);
}
