import { DEFAULT_ORDER_QUERY } from '../../domain/order-listing.js';
import { timestampToMillis } from '../../domain/timestamp.js';
import { UNSEEN_ORDERS_COUNTED, type UnseenOrders } from '../../domain/unseen-orders.js';
import type { Store } from '../store/port.js';

/** Kept in the store's meta, per member of staff, so it follows them from browser to browser. */
const seenKey = (uid: string) => `orders-seen-at/${uid}`;

export async function ordersSeenAt(store: Store, uid: string): Promise<number | null> {
  const value = Number(await store.meta.get(seenKey(uid)));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export async function markOrdersSeen(store: Store, uid: string, nowMs: number): Promise<void> {
  await store.meta.set(seenKey(uid), String(nowMs));
}

/** Orders placed after `seenAt` (all of them when never seen), counted from the newest page alone. */
export async function unseenOrders(store: Store, seenAt: number | null): Promise<UnseenOrders> {
  const { orders } = await store.orders.listPage({
    ...DEFAULT_ORDER_QUERY,
    sort: 'newest',
    perPage: UNSEEN_ORDERS_COUNTED + 1,
  });
  const unseen = orders.filter((o) => seenAt === null || timestampToMillis(o.createdAt) > seenAt).length;
  const newest = orders[0];
  return {
    count: Math.min(unseen, UNSEEN_ORDERS_COUNTED),
    more: unseen > UNSEEN_ORDERS_COUNTED,
    newest: newest ? { id: newest.id, number: newest.number } : null,
    seenAt,
  };
}
