import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../../shared/domain/errors.js';
import { ORDER_STATUSES, type OrderStatus, type PaymentProvider } from '../../shared/domain/order.js';
import {
  CANCELLED_BY_SHOPPER,
  canMoveTo,
  decideOrderTransition,
  EXPIRED_NOTE,
  type OrderEvent,
  type OrderEventType,
  type OrderState,
  OVERDUE_NOTE,
  orderMoveFor,
} from '../../shared/domain/order-transitions.js';
import { timestampFromMillis } from '../../shared/domain/timestamp.js';

const PLACED_MS = Date.UTC(2026, 10, 1);
const DAY = 24 * 60 * 60 * 1000;

function orderIn(status: OrderStatus, provider: PaymentProvider = 'manual'): OrderState {
  return {
    number: 'HP-TEST0001',
    status,
    payment: { provider, reference: 'ref-1' },
    createdAt: timestampFromMillis(PLACED_MS),
    lines: [
      { productId: 'tracked', quantity: 2, stockReserved: true },
      { productId: 'untracked', quantity: 5, stockReserved: false },
    ],
  };
}

type Outcome = 'move' | 'unchanged' | 'refused';
const M = 'move';
const U = 'unchanged';
const R = 'refused';

/** Every event against an order in each status: pending_payment, paid, shipped, cancelled. */
const TABLE: [string, OrderEvent, [Outcome, Outcome, Outcome, Outcome]][] = [
  ['pay with the reference it has', { type: 'pay', reference: 'ref-1' }, [M, U, R, R]],
  ['pay without a reference', { type: 'pay', reference: null }, [M, U, R, R]],
  ['pay with another reference', { type: 'pay', reference: 'ref-2' }, [M, R, R, R]],
  ['ship', { type: 'ship', tracking: { carrier: 'UPS', number: '1Z999' } }, [R, M, R, R]],
  ['cancel by staff', { type: 'cancel', by: 'staff' }, [M, M, R, R]],
  ['cancel by the shopper', { type: 'cancel', by: 'shopper' }, [M, R, R, R]],
  ['expiry of its Checkout Session', { type: 'expire', sessionId: 'ref-1' }, [M, U, U, U]],
  ['expiry of an older Checkout Session', { type: 'expire', sessionId: 'ref-0' }, [U, U, U, U]],
  ['overdue sweep after the deadline', { type: 'overdue', nowMs: PLACED_MS + 7 * DAY }, [M, U, U, U]],
  ['overdue sweep before the deadline', { type: 'overdue', nowMs: PLACED_MS + 7 * DAY - 1 }, [U, U, U, U]],
];

describe('order transitions', () => {
  it('the table covers every event type', () => {
    const covered = new Set(TABLE.map(([, event]) => event.type));
    expect([...covered].sort()).toEqual(
      (['cancel', 'expire', 'overdue', 'pay', 'ship'] satisfies OrderEventType[]).sort(),
    );
  });

  for (const [name, event, outcomes] of TABLE) {
    for (const [i, status] of ORDER_STATUSES.entries()) {
      const expected = outcomes[i]!;
      it(`${name} on an order ${status}: ${expected}`, () => {
        const decision = decideOrderTransition(orderIn(status), event);
        expect(decision.outcome).toBe(expected);
        if (decision.outcome === 'move') {
          expect(canMoveTo(status, decision.move.status)).toBe(true);
          expect(decision.move.history.status).toBe(decision.move.status);
        }
      });
    }
  }

  it('refuses a move the status does not allow, naming the order and both statuses', () => {
    expect(decideOrderTransition(orderIn('shipped'), { type: 'cancel', by: 'staff' })).toEqual({
      outcome: 'refused',
      message: 'Order HP-TEST0001 is shipped and cannot be marked cancelled',
    });
    expect(decideOrderTransition(orderIn('paid'), { type: 'pay', reference: 'ref-2' })).toEqual({
      outcome: 'refused',
      message: 'Order HP-TEST0001 is paid and cannot be marked paid',
    });
  });

  it('tells a shopper to write in for a paid or shipped order, and that a cancelled one already is', () => {
    const shopper = { type: 'cancel', by: 'shopper' } as const;
    expect(decideOrderTransition(orderIn('paid'), shopper)).toMatchObject({
      message: 'Order HP-TEST0001 is paid; write to us to cancel it',
    });
    expect(decideOrderTransition(orderIn('shipped'), shopper)).toMatchObject({
      message: 'Order HP-TEST0001 is shipped; write to us to cancel it',
    });
    expect(decideOrderTransition(orderIn('cancelled'), shopper)).toMatchObject({
      message: 'Order HP-TEST0001 is already cancelled',
    });
  });

  it('pays with the new reference, or keeps the one it has when none is given', () => {
    expect(
      orderMoveFor(orderIn('pending_payment'), { type: 'pay', reference: 'WIRE-9', note: 'By wire' }),
    ).toEqual({
      status: 'paid',
      history: { status: 'paid', note: 'By wire' },
      set: { paymentReference: 'WIRE-9' },
      restock: [],
      givesBackCode: false,
    });
    expect(orderMoveFor(orderIn('pending_payment'), { type: 'pay', reference: null })).toMatchObject({
      history: { note: 'Payment received' },
      set: { paymentReference: 'ref-1' },
    });
  });

  it('keeps who marked an order paid in a staff note, apart from what the shopper reads', () => {
    expect(
      orderMoveFor(orderIn('pending_payment'), {
        type: 'pay',
        reference: 'WIRE-9',
        staffNote: 'Marked paid by ops@example.com',
      })?.history,
    ).toEqual({ status: 'paid', note: 'Payment received', staffNote: 'Marked paid by ops@example.com' });
  });

  it('ships with the tracking number in the history', () => {
    const tracking = { carrier: 'UPS', number: '1Z999' };
    expect(orderMoveFor(orderIn('paid'), { type: 'ship', tracking })).toEqual({
      status: 'shipped',
      history: { status: 'shipped', note: 'Shipped, tracking UPS 1Z999' },
      set: { tracking },
      restock: [],
      givesBackCode: false,
    });
    expect(
      orderMoveFor(orderIn('paid'), { type: 'ship', tracking: { carrier: '', number: '1Z999' } })?.history
        .note,
    ).toBe('Shipped, tracking 1Z999');
  });

  it('puts back the stock of reserved lines only, whoever cancels', () => {
    const events: OrderEvent[] = [
      { type: 'cancel', by: 'staff', note: '  Customer asked  ' },
      { type: 'cancel', by: 'shopper' },
      { type: 'expire', sessionId: 'ref-1' },
      { type: 'overdue', nowMs: PLACED_MS + 8 * DAY },
    ];
    const moves = events.map((event) => orderMoveFor(orderIn('pending_payment'), event));
    for (const move of moves) {
      expect(move?.status).toBe('cancelled');
      expect(move?.restock).toEqual([{ productId: 'tracked', variantId: 'tracked', quantity: 2 }]);
      expect(move?.set).toEqual({});
      expect(move?.givesBackCode).toBe(true);
    }
    expect(moves.map((m) => m?.history.note)).toEqual([
      'Customer asked',
      CANCELLED_BY_SHOPPER,
      EXPIRED_NOTE,
      OVERDUE_NOTE,
    ]);
    expect(orderMoveFor(orderIn('paid'), { type: 'cancel', by: 'staff', note: ' ' })?.history.note).toBe(
      'Order cancelled',
    );
  });

  it('gives a discount code back only when an unpaid order is cancelled', () => {
    expect(orderMoveFor(orderIn('paid'), { type: 'cancel', by: 'staff' })?.givesBackCode).toBe(false);
    expect(orderMoveFor(orderIn('pending_payment'), { type: 'pay', reference: null })?.givesBackCode).toBe(
      false,
    );
  });

  it('never sweeps a card order as overdue: its deadline is the Checkout Session’s', () => {
    const late = { type: 'overdue', nowMs: PLACED_MS + 30 * DAY } as const;
    expect(decideOrderTransition(orderIn('pending_payment', 'stripe'), late)).toEqual({
      outcome: 'unchanged',
    });
  });

  it('throws what the adapters answer: not found, conflict, or nothing to change', () => {
    expect(() => orderMoveFor(null, { type: 'ship', tracking: { carrier: '', number: '123' } })).toThrow(
      NotFoundError,
    );
    expect(() => orderMoveFor(orderIn('cancelled'), { type: 'pay', reference: null })).toThrow(ConflictError);
    expect(orderMoveFor(orderIn('paid'), { type: 'pay', reference: 'ref-1' })).toBeNull();
  });
});
