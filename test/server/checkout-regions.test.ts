import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProductSchema } from '../../shared/domain/product.js';
import { signUp, signUpAdmin, type TestUser } from '../support/auth-users.js';
import { liftCheckoutLimits } from '../support/checkout-limits.js';
import { bankTransferCheckout } from '../support/place-order.js';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: TestUser;
let shopper: TestUser;
let productId: string;

const ZONES = {
  zones: [
    {
      id: 'hawaii',
      name: 'Hawaii',
      countries: ['US'],
      regions: ['HI'],
      rates: [{ id: 'air', label: 'Air', amount: 80 }],
    },
    { id: 'us', name: 'Mainland', countries: ['US'], rates: [{ id: 'ground', label: 'Ground', amount: 5 }] },
  ],
};
const TAXES = { rates: [{ country: 'US', region: 'California', label: 'CA sales tax', ratePercent: 7.25 }] };
const LOS_ANGELES = {
  fullName: 'Ada Lovelace',
  line1: '200 N Spring St',
  city: 'Los Angeles',
  postalCode: '90012',
  country: 'US',
  phone: '(213) 555-0100',
};
const HONOLULU = { ...LOS_ANGELES, line1: '415 S Beretania St', city: 'Honolulu', postalCode: '96813' };

const asAdmin = (method: string, path: string, body?: unknown) =>
  t.app.request(`/api${path}`, jsonRequest(method, body, admin.idToken));
const checkout = (shippingAddress: Record<string, string>) =>
  t.app.request(
    '/api/checkout',
    jsonRequest(
      'POST',
      { ...bankTransferCheckout([{ productId, quantity: 1 }]), shippingAddress },
      shopper.idToken,
    ),
  );
const quote = (shippingAddress: Record<string, string>) =>
  t.app.request(
    '/api/checkout/quote',
    jsonRequest('POST', { lines: [{ productId, quantity: 1 }], shippingAddress }),
  );
const fieldsOf = async (response: Response) =>
  ((await response.json()) as { error: { fields: { field: string; message: string }[] } }).error.fields;
const orderCount = async () => (await t.store.orders.listForUser(shopper.uid)).length;

beforeAll(async () => {
  t = createTestApp();
  // One shopper places an order per spelling, more than the unpaid-order limit, on purpose.
  await liftCheckoutLimits(t.store);
  [admin, shopper] = await Promise.all([signUpAdmin(), signUp()]);
  productId = (await t.store.products.add(newProductSchema.parse({ name: 'Regional vial', price: 100 }))).id;
  expect((await asAdmin('PUT', '/admin/settings/shipping', ZONES)).status).toBe(200);
  expect((await asAdmin('PUT', '/admin/settings/tax', TAXES)).status).toBe(200);
});
afterAll(() => t.close());

describe('a region is stored as its code and priced by it', () => {
  it('keeps a tax rate given by the state’s name as its code', async () => {
    const rates = await (await asAdmin('GET', '/admin/settings/rates')).json();
    expect(rates.tax.rates[0]).toMatchObject({ country: 'US', region: 'CA' });
  });

  it.each(['California', 'ＣＡ', 'california', 'CA'])(
    'stores %s as CA and charges California’s tax',
    async (state) => {
      const response = await checkout({ ...LOS_ANGELES, state });
      expect(response.status, await response.clone().text()).toBe(201);
      const { order } = await response.json();
      expect(order.shippingAddress.state).toBe('CA');
      expect(order.tax).toMatchObject({ label: 'CA sales tax', ratePercent: 7.25 });
      // $100 + $5 ground, 7.25% on both.
      expect(order.taxCents).toBe(761);
      expect((await t.store.orders.get(order.id))?.shippingAddress.state).toBe('CA');
    },
  );

  it('quotes a state given by name as its code', async () => {
    const response = await quote({ country: 'US', state: 'california' });
    expect(response.status).toBe(200);
    expect((await response.json()).tax).toMatchObject({ ratePercent: 7.25, amountCents: 761 });
  });

  it('ships "Hawaii" with ZIP 96813 in the Hawaii zone', async () => {
    const response = await checkout({ ...HONOLULU, state: 'Hawaii' });
    expect(response.status, await response.clone().text()).toBe(201);
    const { order } = await response.json();
    expect(order.shippingAddress.state).toBe('HI');
    expect(order.shipping).toMatchObject({ id: 'hawaii:air', amountCents: 8000 });
    expect(order.taxCents).toBe(0);
  });
});

describe('anything else is refused, naming shippingAddress.state, and nothing is written', () => {
  it.each([
    ['C.A.', LOS_ANGELES, 'Choose a state from the list'],
    ['Californ', LOS_ANGELES, 'Choose a state from the list'],
    ['Ontario', LOS_ANGELES, 'Choose a state from the list'],
    ['California', HONOLULU, 'ZIP code 96813 is not in California'],
    ['HI', LOS_ANGELES, 'ZIP code 90012 is not in Hawaii'],
  ] as const)('refuses %s at %s', async (state, address, message) => {
    const before = await orderCount();
    const response = await checkout({ ...address, state });
    expect(response.status).toBe(400);
    expect(await fieldsOf(response)).toEqual([{ field: 'shippingAddress.state', message }]);
    expect(await orderCount()).toBe(before);
  });

  it('refuses a quote for a region its country does not have', async () => {
    const response = await quote({ country: 'US', state: 'C.A.' });
    expect(response.status).toBe(400);
    expect(await fieldsOf(response)).toEqual([
      { field: 'shippingAddress.state', message: 'Choose a state from the list' },
    ]);
  });

  it('refuses staff a tax rate or zone for a region its country does not have, by its path', async () => {
    const tax = await asAdmin('PUT', '/admin/settings/tax', {
      rates: [{ country: 'US', region: 'C.A.', ratePercent: 7.25 }],
    });
    expect(tax.status).toBe(400);
    expect((await fieldsOf(tax)).map((f) => f.field)).toEqual(['rates.0.region']);
    const zones = await asAdmin('PUT', '/admin/settings/shipping', {
      zones: [{ ...ZONES.zones[0], regions: ['Hawai'] }],
    });
    expect(zones.status).toBe(400);
    expect((await fieldsOf(zones)).map((f) => f.field)).toEqual(['zones.0.regions.0']);
    const rates = await (await asAdmin('GET', '/admin/settings/rates')).json();
    expect(rates.tax.rates[0].region).toBe('CA');
  });
});

describe('orders placed before regions were codes', () => {
  it('keep the state as typed and show it to the shopper and staff', async () => {
    const { order } = await t.store.orders.place({
      uid: shopper.uid,
      email: shopper.email,
      lines: [{ productId, quantity: 1 }],
      shippingAddress: { ...LOS_ANGELES, line2: '', state: 'California', phone: '+12135550100' },
      paymentProvider: 'manual',
      idempotencyKey: randomUUID(),
    });
    const mine = await t.app.request(
      `/api/orders/${order.id}`,
      jsonRequest('GET', undefined, shopper.idToken),
    );
    expect(mine.status).toBe(200);
    expect((await mine.json()).order.shippingAddress.state).toBe('California');
    const staff = await asAdmin('GET', `/admin/orders/${order.id}`);
    expect(staff.status).toBe(200);
    expect((await staff.json()).order.shippingAddress.state).toBe('California');
  });
});
