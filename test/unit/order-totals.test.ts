import { describe, expect, it } from 'vitest';
import { formatTotalLine, orderTotalLines } from '../../shared/domain/order-totals.js';

describe('the rows under an order', () => {
  it('names the code, the rate and the tax, and shows an inclusive tax as included', () => {
    const rows = orderTotalLines({
      subtotalCents: 35_990,
      discount: { code: 'LAB15', amountCents: 5399, affiliate: null, commissionPercent: 0 },
      shipping: { id: 'us:express', label: 'Express', amountCents: 3500 },
      shippingCents: 3500,
      tax: { label: 'MA sales tax', ratePercent: 6.25, inclusive: false, amountCents: 2131 },
      taxCents: 2131,
      totalCents: 36_222,
    });
    expect(rows.map((r) => `${r.label}: ${formatTotalLine(r)}`)).toEqual([
      'Subtotal: $359.90',
      'Discount (LAB15): -$53.99',
      'Shipping (Express): $35.00',
      'MA sales tax (6.25%): $21.31',
      'Total: $362.22',
    ]);
    const vat = orderTotalLines({
      subtotalCents: 12_000,
      discount: null,
      shipping: null,
      shippingCents: 0,
      tax: { label: 'VAT', ratePercent: 20, inclusive: true, amountCents: 2000 },
      taxCents: 2000,
      totalCents: 12_000,
    });
    expect(vat.map((r) => r.label)).toEqual(['Subtotal', 'Shipping', 'Includes VAT (20%)', 'Total']);
    expect(vat[2]?.included).toBe(true);
  });
});
