import { describe, expect, it } from 'vitest';
import { BANK_TRANSFER_DAYS, DISPATCH_WORKING_DAYS } from '../../shared/domain/constants.js';
import { isPaymentOverdue, ORDER_STATUSES, type OrderStatus } from '../../shared/domain/order.js';
import { type OrderState, wouldMove } from '../../shared/domain/order-transitions.js';
import {
  CANCELLATION_POLICY,
  DISPATCH_POLICY,
  SHIPPING_RATE_POLICY,
  UNPAID_ORDER_POLICY,
} from '../../shared/domain/shop-policies.js';

const DAY = 24 * 60 * 60 * 1000;
const orderIn = (status: OrderStatus): OrderState => ({
  number: 'HP-TEST',
  status,
  payment: { provider: 'manual', reference: null },
  createdAt: { seconds: 0, nanoseconds: 0 },
  lines: [],
});

describe('the shop’s rules in words', () => {
  // Staff set the rates: the words name no amount a setting could make untrue.
  it('send shoppers to the checkout for the shipping rate, and state the dispatch time', () => {
    expect(SHIPPING_RATE_POLICY).toContain('shown at checkout');
    expect(SHIPPING_RATE_POLICY).not.toMatch(/\$\d/);
    expect(DISPATCH_POLICY).toContain(`within ${DISPATCH_WORKING_DAYS} working days`);
  });

  // Staff set the hold: the words send the shopper to the deadline their order was given.
  it('send shoppers to their order’s payment deadline, which the overdue sweep keeps', () => {
    expect(UNPAID_ORDER_POLICY).toContain('held until the payment deadline given with its payment details');
    expect(UNPAID_ORDER_POLICY).not.toMatch(/\d/);
    const dueBy = { seconds: 2 * 24 * 60 * 60, nanoseconds: 0 };
    const placed = {
      ...orderIn('pending_payment'),
      payment: { provider: 'manual' as const, reference: null, dueBy },
    };
    expect(isPaymentOverdue(placed, 2 * DAY - 1)).toBe(false);
    expect(isPaymentOverdue(placed, 2 * DAY)).toBe(true);
  });

  it('keep the days an order placed before the hold was a setting was given', () => {
    const placed = orderIn('pending_payment');
    expect(isPaymentOverdue(placed, BANK_TRANSFER_DAYS * DAY - 1)).toBe(false);
    expect(isPaymentOverdue(placed, BANK_TRANSFER_DAYS * DAY + 1)).toBe(true);
  });

  it('say who may cancel what exactly as the order transitions decide', () => {
    const shopper = ORDER_STATUSES.filter((s) => wouldMove(orderIn(s), { type: 'cancel', by: 'shopper' }));
    const staff = ORDER_STATUSES.filter((s) => wouldMove(orderIn(s), { type: 'cancel', by: 'staff' }));
    expect(shopper).toEqual(['pending_payment']);
    expect(staff).toEqual(['pending_payment', 'paid']);
    expect(CANCELLATION_POLICY).toContain('cancel an order yourself, from its page, until you pay for it');
    expect(CANCELLATION_POLICY).toContain('Once it is paid, write to');
    expect(CANCELLATION_POLICY).toContain('A shipped order can no longer be cancelled');
  });
});
