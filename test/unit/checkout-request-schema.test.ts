import { describe, expect, it } from 'vitest';
import { shippingAddressSchema } from '../../shared/domain/address.js';
import { checkoutRequestSchema } from '../../shared/domain/order.js';

describe('a checkout request without an address', () => {
  it.each([undefined, null, 'x', 42, [], [{}]])(
    'refuses %j as the address, naming it, without throwing',
    (address) => {
      const result = shippingAddressSchema.safeParse(address);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['']);
    },
  );

  it('is refused field by field, the missing address among them', () => {
    const result = checkoutRequestSchema.safeParse({ lines: [{}] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(
      expect.arrayContaining(['lines.0.productId', 'lines.0.quantity', 'shippingAddress', 'paymentMethod']),
    );
  });
});
