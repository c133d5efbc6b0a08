import { ConflictError, NotFoundError } from './errors.js';
import { isPaymentOverdue, ORDER_STATUS_LABELS, type Order, type OrderStatus } from './order.js';

/** @internal */
export const OVERDUE_NOTE = 'No payment received by the payment deadline; the items went back on sale';
/** @internal */
export const EXPIRED_NOTE =
  'The card payment was not completed before its Stripe Checkout Session expired; the items went back on sale';
/** @internal */
export const CANCELLED_BY_SHOPPER = 'Cancelled by the customer before paying; the items went back on sale';
const PAID_NOTE = 'Payment received';

/** The statuses each status may move to; every event below moves along these or not at all. */
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['paid', 'cancelled'],
  paid: ['shipped', 'cancelled'],
  shipped: [],
  cancelled: [],
};

export function canMoveTo(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

/** Something that happens to an order. */
export type OrderEvent =
  /** `note` is shown to the shopper; `staffNote` (who marked it paid) only to staff. */
  | { type: 'pay'; reference: string | null; note?: string; staffNote?: string }
  | { type: 'ship'; tracking: { carrier: string; number: string } }
  /** Staff cancel a paid or unpaid order, their note being the reason the shopper reads; a shopper only an unpaid one of theirs. */
  | { type: 'cancel'; by: 'staff' | 'shopper'; note?: string }
  /** The Stripe Checkout Session with this id expired unpaid. */
  | { type: 'expire'; sessionId: string }
  /** The overdue sweep found a bank-transfer order unpaid at nowMs. */
  | { type: 'overdue'; nowMs: number };

/** @internal */
export type OrderEventType = OrderEvent['type'];

/** The order as a transition needs it: lines say whether their stock was taken at checkout. */
export type OrderState = Pick<Order, 'number' | 'status' | 'payment' | 'createdAt'> & {
  /** Lines stored before variants existed have no variantId: their variant's id is the product's. */
  lines: readonly { productId: string; variantId?: string; quantity: number; stockReserved?: boolean }[];
};

export interface OrderMove {
  status: OrderStatus;
  /** The history entry to append; the adapter stamps it with the time it writes. */
  history: { status: OrderStatus; note: string; staffNote?: string };
  /** Fields to write besides status and history. */
  set: { paymentReference?: string | null; tracking?: { carrier: string; number: string } };
  /** Stock to put back, per reserved line (a product since deleted or untracked gets none). */
  restock: { productId: string; variantId: string; quantity: number }[];
  /**
   * Whether the order's discount code gets its use back, and its shopper their once-per-customer
   * mark: an unpaid order cancelled held the code without paying for it; a paid one keeps it.
   */
  givesBackCode: boolean;
}

/** @internal */
export type OrderDecision =
  | { outcome: 'move'; move: OrderMove }
  /** Nothing to do: a repeated request, or an event that no longer concerns this order. */
  | { outcome: 'unchanged' }
  | { outcome: 'refused'; message: string };

const label = (status: OrderStatus) => ORDER_STATUS_LABELS[status].toLowerCase();

function refuseOrMove(
  order: OrderState,
  to: OrderStatus,
  note: string,
  set: OrderMove['set'],
  staffNote?: string,
): OrderDecision {
  if (!canMoveTo(order.status, to))
    return {
      outcome: 'refused',
      message: `Order ${order.number} is ${label(order.status)} and cannot be marked ${label(to)}`,
    };
  const restock =
    to === 'cancelled'
      ? order.lines
          .filter((l) => l.stockReserved)
          .map((l) => ({
            productId: l.productId,
            variantId: l.variantId ?? l.productId,
            quantity: l.quantity,
          }))
      : [];
  const history = staffNote ? { status: to, note, staffNote } : { status: to, note };
  const givesBackCode = to === 'cancelled' && order.status === 'pending_payment';
  return { outcome: 'move', move: { status: to, history, set, restock, givesBackCode } };
}

/**
 * Every order transition: whether the event moves the order, and if so to what and with which writes.
 * @internal
 */
export function decideOrderTransition(order: OrderState, event: OrderEvent): OrderDecision {
  switch (event.type) {
    case 'pay':
      if (
        order.status === 'paid' &&
        (event.reference === null || order.payment.reference === event.reference)
      )
        return { outcome: 'unchanged' };
      return refuseOrMove(
        order,
        'paid',
        event.note ?? PAID_NOTE,
        { paymentReference: event.reference ?? order.payment.reference },
        event.staffNote,
      );
    case 'ship': {
      const { carrier, number } = event.tracking;
      return refuseOrMove(
        order,
        'shipped',
        `Shipped, tracking ${carrier ? `${carrier} ${number}` : number}`,
        {
          tracking: event.tracking,
        },
      );
    }
    case 'cancel':
      if (event.by === 'shopper' && order.status !== 'pending_payment')
        return {
          outcome: 'refused',
          message:
            order.status === 'cancelled'
              ? `Order ${order.number} is already cancelled`
              : `Order ${order.number} is ${label(order.status)}; write to us to cancel it`,
        };
      return refuseOrMove(
        order,
        'cancelled',
        event.note?.trim() || (event.by === 'shopper' ? CANCELLED_BY_SHOPPER : 'Order cancelled'),
        {},
      );
    case 'expire':
      // An older session's expiry means nothing once the shopper has opened a newer one.
      if (order.status !== 'pending_payment' || order.payment.reference !== event.sessionId)
        return { outcome: 'unchanged' };
      return refuseOrMove(order, 'cancelled', EXPIRED_NOTE, {});
    case 'overdue':
      // Paid or cancelled by someone else since the sweep listed it: left as they left it.
      if (!isPaymentOverdue(order, event.nowMs)) return { outcome: 'unchanged' };
      return refuseOrMove(order, 'cancelled', OVERDUE_NOTE, {});
  }
}

/** Whether the event would move the order: what the apps ask before offering the action. */
export function wouldMove(order: OrderState, event: OrderEvent): boolean {
  return decideOrderTransition(order, event).outcome === 'move';
}

/**
 * What an adapter does with an order it read in its transaction: throws NotFoundError when there is
 * none and ConflictError when the event is refused; null when nothing is to change.
 */
export function orderMoveFor(order: OrderState | null, event: OrderEvent): OrderMove | null {
  if (!order) throw new NotFoundError('Order');
  const decision = decideOrderTransition(order, event);
  if (decision.outcome === 'refused') throw new ConflictError('conflict', decision.message);
  return decision.outcome === 'move' ? decision.move : null;
}
