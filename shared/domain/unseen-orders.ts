/** The admin navigation's badge: orders placed since this member of staff last viewed the orders list. */
export interface UnseenOrders {
  /** At most UNSEEN_ORDERS_COUNTED; `more` says there are more still. */
  count: number;
  more: boolean;
  /** The newest order of all, so the app can tell a new one arrived (and toast it). */
  newest: { id: string; number: string } | null;
  /** When the list was last viewed (ms), null when never. */
  seenAt: number | null;
}

export const UNSEEN_ORDERS_COUNTED = 99;
