import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '../../shared/domain/compliance.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { timestampToMillis } from '../../shared/domain/timestamp.js';
import { signUp, type TestUser } from '../support/auth-users.js';
import { TEST_ADDRESS } from '../support/constants.js';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.js';

let t: TestApp;
let ada: TestUser;
let productId: string;
let keys = 0;

beforeAll(async () => {
  // Canada is refused; the shop asks for 18 rather than the default 21.
  t = createTestApp({}, { SHOP_NO_SHIP_COUNTRIES: 'ca, AU', SHOP_MINIMUM_AGE: '18' });
  ada = await signUp();
  productId = (await t.store.products.add(newProductSchema.parse({ name: 'Attested peptide', price: 20 })))
    .id;
});
afterAll(() => t.close());

const CANADA = { ...TEST_ADDRESS, state: 'ON', postalCode: 'M5V 3L9', country: 'CA', phone: '+14165550100' };
const body = (extra: Record<string, unknown> = {}) => ({
  lines: [{ productId, quantity: 1 }],
  shippingAddress: TEST_ADDRESS,
  paymentMethod: 'manual',
  attestations: { adult: true, researchUse: true },
  idempotencyKey: `compliance-key-${Date.now()}-${++keys}`,
  ...extra,
});
const checkout = (payload: unknown) =>
  t.app.request('/api/checkout', jsonRequest('POST', payload, ada.idToken));
const fieldsOf = async (response: Response) =>
  ((await response.json()) as { error: { fields: { field: string; message: string }[] } }).error.fields;

describe('compliance on record at checkout', () => {
  it('keeps what the shopper attested with the order, at the server’s time, under the current terms version', async () => {
    const before = Date.now();
    const response = await checkout(body());
    const after = Date.now();
    expect(response.status).toBe(201);
    const { order } = await response.json();
    expect(order.compliance).toEqual({
      adult: true,
      researchUse: true,
      minimumAge: 18,
      termsVersion: TERMS_VERSION,
      at: order.createdAt,
    });
    const at = timestampToMillis(order.compliance.at);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);
    expect((await t.store.orders.get(order.id))?.compliance).toEqual(order.compliance);
  });

  it.each([
    ['adult', { researchUse: true }],
    ['adult', { adult: false, researchUse: true }],
    ['researchUse', { adult: true }],
    ['researchUse', { adult: true, researchUse: false }],
  ])(
    'refuses with 400 naming attestations.%s when it is missing or false, placing nothing',
    async (name, attestations) => {
      const placedBefore = (await t.store.orders.listForUser(ada.uid)).length;
      const response = await checkout(body({ attestations }));
      expect(response.status).toBe(400);
      expect((await fieldsOf(response)).map((f) => f.field)).toEqual([`attestations.${name}`]);
      expect(await t.store.orders.listForUser(ada.uid)).toHaveLength(placedBefore);
    },
  );

  it('refuses a checkout without attestations, and a client’s own time for them', async () => {
    const { attestations: _left, ...without } = body();
    const missing = await checkout(without);
    expect(missing.status).toBe(400);
    expect((await fieldsOf(missing)).map((f) => f.field)).toEqual(['attestations']);
    const stamped = await checkout(body({ attestations: { adult: true, researchUse: true, at: 0 } }));
    expect(stamped.status).toBe(400);
  });

  it('refuses a destination the shop does not ship to, at checkout and at quote, naming the country', async () => {
    const placedBefore = (await t.store.orders.listForUser(ada.uid)).length;
    const refused = await checkout(body({ shippingAddress: CANADA }));
    expect(refused.status).toBe(400);
    expect(await fieldsOf(refused)).toEqual([
      { field: 'shippingAddress.country', message: 'We do not ship to Canada; choose another country' },
    ]);
    expect(await t.store.orders.listForUser(ada.uid)).toHaveLength(placedBefore);

    const quote = (shippingAddress?: unknown) =>
      t.app.request(
        '/api/checkout/quote',
        jsonRequest('POST', {
          lines: [{ productId, quantity: 1 }],
          ...(shippingAddress ? { shippingAddress } : {}),
        }),
      );
    const refusedQuote = await quote({ country: 'au' });
    expect(refusedQuote.status).toBe(400);
    expect(await fieldsOf(refusedQuote)).toEqual([
      { field: 'shippingAddress.country', message: 'We do not ship to Australia; choose another country' },
    ]);
    expect((await quote(TEST_ADDRESS)).status).toBe(200);
    expect((await quote()).status).toBe(200);
  });

  it('tells the storefront the minimum age and the countries it does not ship to', async () => {
    const config = await (await t.app.request('/api/config')).json();
    expect(config.compliance).toEqual({ minimumAge: 18, noShipCountries: ['CA', 'AU'] });
  });
});
