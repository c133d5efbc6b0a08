import type { Firestore } from 'firebase-admin/firestore';
import type { Order } from '../../../domain/order.js';
import {
  type OrderListQuery,
  type OrderPage,
  type OrderSort,
  orderSearchKey,
} from '../../../domain/order-listing.js';
import { timestampToMillis } from '../../../domain/timestamp.js';
import { clampedPage, type OrderPagePlan, orderPagePlan, prefixEnd } from '../order-page-plan.js';
import type { OrderSearchScope } from '../port.js';
import { COLLECTIONS, toOrder } from './documents.js';
import { orderPageQuery } from './indexed-queries.js';

const SEARCH_KEYS = ['numberKey', 'emailKey', 'nameKey'] as const;
/** What could be a document id here (a slash would name another path). */
const DOCUMENT_ID = /^[\w-]{1,128}$/;

/**
 * One page of orders: counted by an aggregation and read up to the page's end as bare references
 * (the npm emulator ignores offset in places), then only the page's orders are fetched.
 */
export async function readOrderPage(
  db: Firestore,
  query: OrderListQuery,
  search?: OrderSearchScope,
): Promise<OrderPage> {
  const plan = orderPagePlan(query, search);
  if (plan.term) return searchPage(db, plan, query);
  const selected = orderPageQuery(db, plan);
  const total = (await selected.count().get()).data().count;
  const at = clampedPage(query, total);
  const refs = (
    await selected
      .select()
      .limit(at.offset + query.perPage)
      .get()
  ).docs
    .slice(at.offset)
    .map((d) => d.ref);
  const orders = refs.length
    ? (await db.getAll(...refs)).filter((s) => s.exists).map((s) => toOrder(s.data()!))
    : [];
  return { orders, page: at.page, perPage: query.perPage, total, totalPages: at.totalPages };
}

/**
 * Firestore has no OR across fields: a search reads the orders whose number, e-mail or name starts
 * with the term (one prefix range each) and the order with that id, then filters, sorts and pages
 * those in memory. It costs as many reads as the term matches orders.
 */
async function searchPage(db: Firestore, plan: OrderPagePlan, query: OrderListQuery): Promise<OrderPage> {
  const orders = db.collection(COLLECTIONS.orders);
  const [byId, ...byKey] = await Promise.all([
    DOCUMENT_ID.test(plan.id) ? orders.doc(plan.id).get() : null,
    ...SEARCH_KEYS.filter((key) => plan.matchEmail || key !== 'emailKey').map((key) =>
      orders.where(key, '>=', plan.term).where(key, '<', prefixEnd(plan.term)).get(),
    ),
  ]);
  const found = new Map<string, Order>();
  for (const d of [...(byId?.exists ? [byId] : []), ...byKey.flatMap((s) => s.docs)])
    found.set(d.id, toOrder(d.data()!));
  // The order whose number (or id) was searched for comes first: ship-to names may be anything.
  const asked = (o: Order) => orderSearchKey(o.number) === plan.term || o.id === plan.id;
  const matching = [...found.values()]
    .filter((o) => {
      const ms = timestampToMillis(o.createdAt);
      return (
        (!plan.statuses || plan.statuses.includes(o.status)) &&
        (plan.fromMs === null || ms >= plan.fromMs) &&
        (plan.toMs === null || ms < plan.toMs)
      );
    })
    .sort((a, b) => Number(asked(b)) - Number(asked(a)) || ORDER_COMPARE[plan.sort](a, b));
  const at = clampedPage(query, matching.length);
  return {
    orders: matching.slice(at.offset, at.offset + query.perPage),
    page: at.page,
    perPage: query.perPage,
    total: matching.length,
    totalPages: at.totalPages,
  };
}

const created = (o: Order) => timestampToMillis(o.createdAt);
const byId = (a: Order, b: Order) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const newest = (a: Order, b: Order) => created(b) - created(a) || byId(b, a);

/** The sorts of orderPageQuery (indexed-queries.ts), ties broken by id as Firestore does. */
const ORDER_COMPARE: Record<OrderSort, (a: Order, b: Order) => number> = {
  newest,
  oldest: (a, b) => created(a) - created(b) || byId(a, b),
  'total-desc': (a, b) => b.totalCents - a.totalCents || newest(a, b),
  'total-asc': (a, b) => a.totalCents - b.totalCents || newest(a, b),
};
