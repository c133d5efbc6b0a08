import { useUnseenOrders } from './use-unseen-orders.js';

/** The count beside Orders in the navigation: orders placed since this admin last viewed the list. */
export function NewOrdersBadge() {
  const unseen = useUnseenOrders();
  if (!unseen || unseen.count === 0) return null;
  const shown = unseen.more ? `${unseen.count}+` : String(unseen.count);
  return (
    <span
      role="status"
      aria-label={`${shown} new ${unseen.count === 1 && !unseen.more ? 'order' : 'orders'}`}
      className="ml-1 rounded-full bg-amber-400 px-2 py-0.5 text-xs font-bold text-slate-900"
    >
      {shown}
    </span>
  );
}
