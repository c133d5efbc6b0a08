import type { Firestore, OrderByDirection, Query, WhereFilterOp } from 'firebase-admin/firestore';
import type { AuditQuery } from '../../../domain/audit.js';
import { ORDER_SORTS, type OrderSort } from '../../../domain/order-listing.js';
import { timeOrderedPrefix } from '../../ids.js';
import type { OrderPagePlan } from '../order-page-plan.js';
import { COLLECTIONS, timestampAt } from './documents.js';

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

/** How each sort of the orders page orders; Firestore then breaks ties by document id, as SQLite by id. */
const ORDER_PAGE_SORTS: Record<
  OrderSort,
  readonly (readonly [field: string, direction: OrderByDirection])[]
> = {
  newest: [['createdAt', 'desc']],
  oldest: [['createdAt', 'asc']],
  'total-desc': [
    ['totalCents', 'desc'],
    ['createdAt', 'desc'],
  ],
  'total-asc': [
    ['totalCents', 'asc'],
    ['createdAt', 'desc'],
  ],
};

/**
 * The composite indexes orderPageQuery needs beyond INDEXED_QUERIES' (each as its fields in order):
 * a status filter before each sort, and the sorts on two fields. A day range on createdAt fits them.
 * @internal
 */
export const ORDER_PAGE_INDEXES: readonly (readonly (readonly [string, OrderByDirection])[])[] = [
  ...ORDER_SORTS.map((sort) => [['status', 'asc'] as const, ...ORDER_PAGE_SORTS[sort]]),
  ...ORDER_SORTS.map((sort) => ORDER_PAGE_SORTS[sort]).filter((fields) => fields.length > 1),
];

/** The orders an orders page counts and reads: its statuses and days, in its sort (search aside). */
export function orderPageQuery(db: Firestore, plan: OrderPagePlan): Query {
  let query: Query = db.collection(COLLECTIONS.orders);
  if (plan.statuses) query = query.where('status', 'in', plan.statuses);
  if (plan.fromMs !== null) query = query.where('createdAt', '>=', timestampAt(plan.fromMs));
  if (plan.toMs !== null) query = query.where('createdAt', '<', timestampAt(plan.toMs));
  for (const [field, direction] of ORDER_PAGE_SORTS[plan.sort]) query = query.orderBy(field, direction);
  return query;
}

/** The audit log's equality filters, each with its own index ending in the time-ordered id. */
const AUDIT_FILTERS = ['entity', 'entityId', 'actor', 'actorUid'] as const;

/**
 * The composite indexes auditQuery needs: one per filter, newest first by id. Firestore serves
 * several filters at once by merging these indexes.
 * @internal
 */
export const AUDIT_INDEXES: readonly (readonly [string, OrderByDirection])[][] = AUDIT_FILTERS.map(
  (field) => [
    [field, 'asc'],
    ['id', 'desc'],
  ],
);

/** The audit entries a query selects, newest first (ids sort by time); one more than a page is read. */
export function auditQuery(db: Firestore, query: AuditQuery): Query {
  let q: Query = db.collection(COLLECTIONS.audit);
  const values = {
    entity: query.entity,
    entityId: query.entityId,
    actor: query.actor,
    actorUid: query.actorUid,
  };
  for (const field of AUDIT_FILTERS) if (values[field] !== undefined) q = q.where(field, '==', values[field]);
  if (query.sinceMs !== undefined) q = q.where('id', '>=', timeOrderedPrefix(query.sinceMs));
  if (query.before !== undefined) q = q.where('id', '<', query.before);
  return q.orderBy('id', 'desc').limit(query.limit + 1);
}
