import type { Firestore, OrderByDirection, Query, WhereFilterOp } from 'firebase-admin/firestore';
import { COLLECTIONS } from './documents.js';

interface IndexedQuery {
  collection: string;
  where: readonly [field: string, op: WhereFilterOp];
  orderBy: readonly [field: string, direction: OrderByDirection];
}

/**
 * The adapter's queries that filter on one field and order by another, which Firestore serves only
 * from a composite index. The repositories build them from here and firestore.indexes.json must
 * declare an index for each (a test holds the two together); neither emulator enforces indexes.
 */
export const INDEXED_QUERIES = {
  availableProductsByName: {
    collection: COLLECTIONS.products,
    where: ['available', '=='],
    orderBy: ['nameKey', 'asc'],
  },
  userOrdersNewestFirst: {
    collection: COLLECTIONS.orders,
    where: ['uid', '=='],
    orderBy: ['createdAt', 'desc'],
  },
  ordersInStatusesNewestFirst: {
    collection: COLLECTIONS.orders,
    where: ['status', 'in'],
    orderBy: ['createdAt', 'desc'],
  },
} as const satisfies Record<string, IndexedQuery>;

export function indexedQuery(db: Firestore, name: keyof typeof INDEXED_QUERIES, value: unknown): Query {
  const { collection, where, orderBy } = INDEXED_QUERIES[name];
  return db.collection(collection).where(where[0], where[1], value).orderBy(orderBy[0], orderBy[1]);
}
