// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { OrderRows } from '../../web/src/orders/orders-page.js';
import { order, resetBetweenTests } from './storefront-fixtures.js';

resetBetweenTests();

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
