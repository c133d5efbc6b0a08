import type { OrderSort } from '../../../domain/order-listing.js';
import { type OrderPagePlan, prefixEnd } from '../order-page-plan.js';

const ORDER_BY: Record<OrderSort, string> = {
  newest: 'created_at DESC, id DESC',
  oldest: 'created_at ASC, id ASC',
  'total-desc': 'total_cents DESC, created_at DESC, id DESC',
  'total-asc': 'total_cents ASC, created_at DESC, id DESC',
};

/**
 * The WHERE and ORDER BY of an orders page; each condition matches an index of migration 9 or 2. A
 * search puts the order whose number (or id) it is first, before the orders it only starts: ship-to
 * names may be anything, so a page of them must not hide the order asked for.
 */
export function orderPageSql(plan: OrderPagePlan): {
  where: string;
  orderBy: string;
  params: unknown[];
  orderParams: unknown[];
} {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (plan.statuses) {
    conditions.push(`status IN (${plan.statuses.map(() => '?').join(',')})`);
    params.push(...plan.statuses);
  }
  if (plan.fromMs !== null) {
    conditions.push('created_at >= ?');
    params.push(plan.fromMs);
  }
  if (plan.toMs !== null) {
    conditions.push('created_at < ?');
    params.push(plan.toMs);
  }
  if (plan.term) {
    const keys = [
      'lower(number)',
      ...(plan.matchEmail ? ['lower(email)'] : []),
      "lower(json_extract(shipping_address, '$.fullName'))",
    ];
    conditions.push(`(${keys.map((k) => `(${k} >= ? AND ${k} < ?)`).join(' OR ')} OR id = ?)`);
    for (const _ of keys) params.push(plan.term, prefixEnd(plan.term));
    params.push(plan.id);
  }
  return {
    where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '',
    orderBy: plan.term ? `(lower(number) = ? OR id = ?) DESC, ${ORDER_BY[plan.sort]}` : ORDER_BY[plan.sort],
    params,
    orderParams: plan.term ? [plan.term, plan.id] : [],
  };
}
