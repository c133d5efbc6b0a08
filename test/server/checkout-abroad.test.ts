import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../../shared/domain/address-rules.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { ADDRESSES_ABROAD } from '../support/addresses-abroad.js';
import { signUp, type TestUser } from '../support/auth-users.js';
import { liftCheckoutLimits } from '../support/checkout-limits.js';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.js';

let t: TestApp;
let shopper: TestUser;
let productId: string;
let keyCount = 0;

beforeAll(async () => {
  t = createTestApp();
  await liftCheckoutLimits(t.store);
  shopper = await signUp();
  productId = (await t.store.products.add(newProductSchema.parse({ name: 'Shipped abroad', price: 25 }))).id;
});
afterAll(() => t.close());

const checkout = (shippingAddress: Record<string, string>) =>
  t.app.request(
    '/api/checkout',
    jsonRequest(
      'POST',
      {
        lines: [{ productId, quantity: 1 }],
        shippingAddress,
        paymentMethod: 'manual',
        attestations: { adult: true, researchUse: true },
        idempotencyKey: `checkout-abroad-${Date.now()}-${++keyCount}`,
      },
      shopper.idToken,
    ),
  );
const addressIn = (country: keyof typeof ADDRESSES_ABROAD, changes: Record<string, string> = {}) => {
  const { e164: _, ...local } = ADDRESSES_ABROAD[country];
  return { fullName: 'Ada Lovelace', line1: '1 Main Street', country, ...local, ...changes };
};

describe('POST /api/checkout from every country the checkout offers', () => {
  it('has a sample address for each country offered, and no other', () => {
    expect(Object.keys(ADDRESSES_ABROAD).sort()).toEqual([...COUNTRY_CODES].sort());
  });

  it.each(COUNTRY_CODES)('places an order to %s with its phone kept in E.164', async (country) => {
    const response = await checkout(addressIn(country));
    expect(response.status, await response.clone().text()).toBe(201);
    const { order } = await response.json();
    expect(order.shippingAddress).toMatchObject({ country, phone: ADDRESSES_ABROAD[country].e164 });
    expect((await t.store.orders.get(order.id))?.shippingAddress.phone).toBe(ADDRESSES_ABROAD[country].e164);
  });

  it('takes a UK phone given with +44 on a UK address, where it once became "(442) 079-4609" and "State is required"', async () => {
    const response = await checkout(addressIn('GB', { phone: '+44 20 7946 0958', postalCode: 'sw1a 2aa' }));
    expect(response.status).toBe(201);
    const { order } = await response.json();
    expect(order.shippingAddress).toMatchObject({
      phone: '+442079460958',
      postalCode: 'SW1A 2AA',
      state: '',
    });
  });

  it('refuses a region, postal code or phone its country would not accept, naming each field in that country’s words', async () => {
    const response = await checkout(addressIn('JP', { state: '', postalCode: '1000', phone: '555' }));
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toEqual(
      expect.arrayContaining([
        { field: 'shippingAddress.state', message: 'Prefecture is required' },
        { field: 'shippingAddress.postalCode', message: 'Enter a valid postal code' },
        { field: 'shippingAddress.phone', message: 'Enter a valid phone number' },
      ]),
    );
  });

  it('refuses a country the checkout does not offer', async () => {
    const response = await checkout(addressIn('DE', { country: 'RU' }));
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toContainEqual({
      field: 'shippingAddress.country',
      message: 'Choose a country',
    });
  });
});
