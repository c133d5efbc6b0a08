import { useSearchParams } from 'react-router-dom';
import {
  DEFAULT_ORDER_QUERY,
  type OrderListQuery,
  orderQueryFromParams,
  orderQueryToParams,
} from '../../../shared/domain/order-listing.js';
import { orderSortsFor } from '../../../shared/domain/order-shipping-view.js';
import { useAuth } from '../../../shared/web/auth-context.js';

/** The admin app opens on the orders still to handle. */
const ADMIN_DEFAULTS: OrderListQuery = { ...DEFAULT_ORDER_QUERY, status: 'unshipped' };

/**
 * The orders list's filters, sort and page, kept in the URL so a link or a reload opens the same
 * page; any change but the page itself goes back to page 1. A sort the signed-in staff may not use
 * (a full admin's link opened by fulfilment staff) reads as the default.
 */
export function useOrderQuery(): [OrderListQuery, (change: Partial<OrderListQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const sorts = orderSortsFor(useAuth().user?.role ?? null);
  const parsed = orderQueryFromParams(params, ADMIN_DEFAULTS);
  const query = sorts.includes(parsed.sort) ? parsed : { ...parsed, sort: ADMIN_DEFAULTS.sort };
  const change = (next: Partial<OrderListQuery>) => {
    const merged = { ...query, page: 1, ...next };
    // Typing a search replaces the entry rather than adding one per keystroke.
    setParams(orderQueryToParams(merged, ADMIN_DEFAULTS), { replace: 'q' in next });
  };
  return [query, change];
}
