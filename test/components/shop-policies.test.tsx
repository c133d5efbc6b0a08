// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '../../shared/domain/compliance.js';
import type { OrderStatus } from '../../shared/domain/order.js';
import {
  CANCELLATION_POLICY,
  DISPATCH_POLICY,
  PAID_ORDER_CANCELLATION,
  SHIPPING_RATE_POLICY,
  UNPAID_ORDER_POLICY,
} from '../../shared/domain/shop-policies.js';
import { HomePage } from '../../web/src/home/home-page.js';
import { TermsPage } from '../../web/src/info/terms-page.js';
import { OrderView } from '../../web/src/orders/order-details-page.js';
import { order, resetBetweenTests, Storefront, serveCatalogue } from './storefront-fixtures.js';

resetBetweenTests();

const renderOrder = (status: OrderStatus) =>
  render(
    <MemoryRouter>
      <OrderView
        order={order(`o-${status}`, 'HP-POLICY1', 1_790_000_000, status, 0)}
        payment={null}
        paymentCancelled={false}
        onCancelled={() => {}}
      />
    </MemoryRouter>,
  );

describe('the terms of service', () => {
  it('state the shipping, payment-hold and cancellation rules the code enforces, in the shared words', () => {
    const { container } = render(
      <MemoryRouter>
        <TermsPage />
      </MemoryRouter>,
    );
    const text = container.textContent ?? '';
    for (const rule of [SHIPPING_RATE_POLICY, DISPATCH_POLICY, UNPAID_ORDER_POLICY, CANCELLATION_POLICY])
      expect(text).toContain(rule);
    expect(text).not.toContain('cancel an order free of charge until it ships');
    expect(text).toContain(`Version ${TERMS_VERSION}`);
  });
});

describe('the home page', () => {
  it('promises the dispatch time and shipping rate the terms state', async () => {
    serveCatalogue(() => []);
    render(
      <Storefront>
        <HomePage />
      </Storefront>,
    );
    await screen.findByText(`${DISPATCH_POLICY} ${SHIPPING_RATE_POLICY}`);
  });
});

describe('an order’s page', () => {
  it('offers the shopper the cancel button only while unpaid, and tells them how to cancel a paid order', () => {
    renderOrder('pending_payment');
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    expect(screen.queryByText(PAID_ORDER_CANCELLATION)).toBeNull();
  });

  it('tells the shopper of a paid order to write to the shop, with no button', () => {
    renderOrder('paid');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.getByText(PAID_ORDER_CANCELLATION)).toBeTruthy();
  });

  it('offers no cancellation once shipped', () => {
    renderOrder('shipped');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.queryByText(PAID_ORDER_CANCELLATION)).toBeNull();
  });
});
