// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Order, OrderStatus } from '../../shared/domain/order.js';
import { OrderRows } from '../../web/src/orders/orders-page.js';
import { resetBetweenTests } from './storefront-fixtures.js';

resetBetweenTests();

/** An image that needs no server. */
const PIXEL = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

function order(
  id: string,
  number: string,
  createdSeconds: number,
  status: OrderStatus,
  totalCents: number,
): Order {
  const at = { seconds: createdSeconds, nanoseconds: 0 };
  return {
    id,
    number,
    uid: 'u1',
    email: 'a@lab.example',
    lines: [
      {
        productId: 'p',
        variantId: 'p',
        sku: '',
        options: {},
        name: 'BPC-157 5mg',
        imgUrl: PIXEL,
        unitPriceCents: 3999,
        quantity: 3,
        lineTotalCents: 11997,
      },
    ],
    subtotalCents: totalCents,
    shippingCents: 0,
    totalCents,
    shippingAddress: {
      fullName: 'A',
      line1: '1 Way',
      line2: '',
      city: 'Boston',
      state: 'MA',
      postalCode: '02115',
      country: 'US',
      phone: '6175550199',
    },
    status,
    statusHistory: [{ status, at, note: '' }],
    tracking: null,
    payment: { provider: 'manual', reference: null },
    idempotencyKey: `key-${id}-0123456789`,
    createdAt: at,
    updatedAt: at,
  };
}

describe('the orders list', () => {
  it('shows the newest order first, each with its status and total, linking to its details', () => {
    render(
      <MemoryRouter>
        <OrderRows
          orders={[
            order('o1', 'HP-OLDEST', 1_700_000_000, 'shipped', 5499),
            order('o3', 'HP-NEWEST', 1_700_200_000, 'pending_payment', 12345),
            order('o2', 'HP-MIDDLE', 1_700_100_000, 'paid', 20000),
          ]}
        />
      </MemoryRouter>,
    );
    const rows = screen.getAllByTestId('order-row');
    expect(rows.map((r) => within(r).getByText(/^Order /).textContent)).toEqual([
      'Order HP-NEWEST',
      'Order HP-MIDDLE',
      'Order HP-OLDEST',
    ]);
    expect(within(rows[0]!).getByText('Awaiting payment')).toBeTruthy();
    expect(within(rows[0]!).getByText('$123.45')).toBeTruthy();
    expect(within(rows[1]!).getByText('Paid')).toBeTruthy();
    expect(within(rows[2]!).getByText('Shipped')).toBeTruthy();
    expect(within(rows[2]!).getByText(/3 item\(s\)/)).toBeTruthy();
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/order-details/o3');
  });
});
