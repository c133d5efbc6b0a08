import { describe, expect, it } from 'vitest';
import { formatTotalLine, orderTotalLines } from '../../shared/domain/order-totals.js';

const order = {
  subtotalCents: 35_990,
  discount: { code: 'LAB15', amountCents: 5399, affiliate: 'Dr Lee', commissionPercent: 12.5 },
  shipping: { id: 'us:express', label: 'Express', amountCents: 3500 },
  shippingCents: 3500,
  tax: { label: 'MA sales tax', ratePercent: 6.25, inclusive: false, amountCents: 2131 },
  taxCents: 2131,
  totalCents: 36_222,
};

describe('the rows under an order', () => {
  it('names the code, the rate and the tax; staff also read the affiliate and commission', () => {
    const shown = (reader: 'shopper' | 'staff') =>
      orderTotalLines(order, reader).map((r) => `${r.label}: ${formatTotalLine(r)}`);
    expect(shown('shopper')).toEqual([
      'Subtotal: $359.90',
      'Discount LAB15: −$53.99',
      'Shipping — Express: $35.00',
      'MA sales tax 6.25%, added: $21.31',
      'Total: $362.22',
    ]);
    expect(shown('staff')[1]).toBe('Discount LAB15 (affiliate Dr Lee, 12.5% commission): −$53.99');
  });

  it('shows an inclusive tax as in the prices, and no discount row without a code', () => {
    const vat = orderTotalLines(
      {
        ...order,
        discount: null,
        shipping: null,
        shippingCents: 0,
        tax: { label: 'VAT', ratePercent: 20, inclusive: true, amountCents: 2000 },
        taxCents: 2000,
        subtotalCents: 12_000,
        totalCents: 12_000,
      },
      'shopper',
    );
    expect(vat.map((r) => r.label)).toEqual([
      'Subtotal',
      'Shipping',
      'VAT 20%, included in the prices',
      'Total',
    ]);
  });
});
