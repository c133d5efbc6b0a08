import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProductSchema } from '../../shared/domain/product.js';
import { signUp, signUpAdmin, type TestUser } from '../support/auth-users.js';
import { liftCheckoutLimits } from '../support/checkout-limits.js';
import { TEST_ADDRESS } from '../support/constants.js';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: TestUser;
let ada: TestUser;
let vialId: string;
let keys = 0;

const ZONES = {
  zones: [
    {
      id: 'us',
      name: 'United States',
      countries: ['US'],
      rates: [
        { id: 'standard', label: 'Standard', amount: 15 },
        { id: 'express', label: 'Express', amount: 35 },
      ],
    },
    {
      id: 'uk',
      name: 'United Kingdom',
      countries: ['GB'],
      rates: [{ id: 'tracked', label: 'Tracked', amount: 25 }],
    },
  ],
};
const TAXES = {
  rates: [
    { country: 'US', region: 'MA', label: 'MA sales tax', ratePercent: 6.25 },
    { country: 'GB', label: 'VAT', ratePercent: 20, inclusive: true },
  ],
};
const LONDON = { ...TEST_ADDRESS, country: 'GB', state: '', postalCode: 'SW1A 1AA', phone: '+442079460000' };

const asAdmin = (method: string, path: string, body?: unknown) =>
  t.app.request(`/api${path}`, jsonRequest(method, body, admin.idToken));
const quote = (body: Record<string, unknown>) =>
  t.app.request(
    '/api/checkout/quote',
    jsonRequest('POST', { lines: [{ productId: vialId, quantity: 10 }], ...body }),
  );
const checkout = (user: TestUser, extra: Record<string, unknown> = {}) =>
  t.app.request(
    '/api/checkout',
    jsonRequest(
      'POST',
      {
        lines: [{ productId: vialId, quantity: 10 }],
        shippingAddress: TEST_ADDRESS,
        paymentMethod: 'manual',
        attestations: { adult: true, researchUse: true },
        idempotencyKey: `pricing-api-${Date.now()}-${++keys}`,
        ...extra,
      },
      user.idToken,
    ),
  );
const fieldsOf = async (response: Response) =>
  ((await response.json()) as { error: { fields: { field: string; message: string }[] } }).error.fields;

beforeAll(async () => {
  t = createTestApp();
  await liftCheckoutLimits(t.store);
  [admin, ada] = await Promise.all([signUpAdmin(), signUp()]);
  const vial = newProductSchema.parse({
    name: 'BPC-157',
    category: 'Peptides',
    variants: [{ price: 39.99, priceTiers: [{ minQuantity: 10, percentOff: 10 }], stock: 10_000 }],
  });
  vialId = (await t.store.products.add(vial)).id;
  expect((await asAdmin('PUT', '/admin/settings/shipping', ZONES)).status).toBe(200);
  expect((await asAdmin('PUT', '/admin/settings/tax', TAXES)).status).toBe(200);
});
afterAll(() => t.close());

describe('discount codes, shipping rates and tax through the API', () => {
  it('lets only an admin create, list and switch off codes, naming bad fields and taken codes', async () => {
    const created = await asAdmin('POST', '/admin/discounts', { code: 'lab15', type: 'percent', value: 15 });
    expect(created.status).toBe(201);
    expect((await created.json()).discount).toMatchObject({
      code: 'LAB15',
      type: 'percent',
      value: 15,
      uses: 0,
    });
    const taken = await asAdmin('POST', '/admin/discounts', { code: 'LAB15', type: 'amount', value: 5 });
    expect(taken.status).toBe(409);
    const bad = await asAdmin('POST', '/admin/discounts', { code: 'X', type: 'percent', value: 150 });
    expect(bad.status).toBe(400);
    expect((await fieldsOf(bad)).map((f) => f.field).sort()).toEqual(['code', 'value']);
    const shopper = await t.app.request(
      '/api/admin/discounts',
      jsonRequest('POST', { code: 'MINE', type: 'percent', value: 90 }, ada.idToken),
    );
    expect(shopper.status).toBe(403);
    expect(
      (await t.app.request('/api/admin/discounts', jsonRequest('GET', undefined, ada.idToken))).status,
    ).toBe(403);
    await asAdmin('POST', '/admin/discounts', { code: 'PAUSED', type: 'amount', value: 5 });
    const off = await asAdmin('PUT', '/admin/discounts/paused/active', { active: false });
    expect((await off.json()).discount).toMatchObject({ code: 'PAUSED', active: false });
    const list = (await (await asAdmin('GET', '/admin/discounts')).json()).discounts as { code: string }[];
    expect(list.map((d) => d.code)).toEqual(expect.arrayContaining(['LAB15', 'PAUSED']));
    expect((await asAdmin('PUT', '/admin/discounts/NOPE/active', { active: false })).status).toBe(404);
  });

  it('keeps shipping zones and tax rates, refusing a bad one by its path', async () => {
    const rates = await (await asAdmin('GET', '/admin/settings/rates')).json();
    expect(rates.shipping.zones.map((z: { id: string }) => z.id)).toEqual(['us', 'uk']);
    expect(rates.tax.rates).toHaveLength(2);
    const bad = await asAdmin('PUT', '/admin/settings/shipping', {
      zones: [{ id: 'x', name: 'X', countries: ['US'], rates: [{ id: 'a', label: 'A', amount: -1 }] }],
    });
    expect(bad.status).toBe(400);
    expect((await fieldsOf(bad))[0]?.field).toBe('zones.0.rates.0.amount');
    expect((await (await asAdmin('GET', '/admin/settings/rates')).json()).shipping.zones).toHaveLength(2);
    const log = await (await asAdmin('GET', '/admin/audit?entity=settings&id=shipping')).json();
    expect(log.entries[0]).toMatchObject({ actor: admin.email, entity: 'settings', entityId: 'shipping' });
    const created = await (await asAdmin('GET', '/admin/audit?entity=discount')).json();
    expect(created.entries.length).toBeGreaterThan(0);
    const countries = await (await t.app.request('/api/checkout/countries')).json();
    expect(countries.countries).toEqual(['US', 'GB']);
  });

  it('quotes the tier price, the code, every rate with the chosen one, and the tax', async () => {
    const response = await quote({
      discountCode: 'lab15',
      shippingAddress: { country: 'US', state: 'MA' },
      shippingOptionId: 'us:express',
    });
    expect(response.status).toBe(200);
    const q = await response.json();
    expect(q.lines[0]).toMatchObject({
      unitPriceCents: 3599,
      listUnitPriceCents: 3999,
      tierPercentOff: 10,
      lineTotalCents: 35_990,
    });
    expect(q).toMatchObject({
      subtotalCents: 35_990,
      discount: { code: 'LAB15', amountCents: 5399 },
      shippingOptions: [
        { id: 'us:standard', label: 'Standard', amountCents: 1500 },
        { id: 'us:express', label: 'Express', amountCents: 3500 },
      ],
      shipping: { id: 'us:express', amountCents: 3500 },
      shippingCents: 3500,
      taxCents: 2131,
      totalCents: 35_990 - 5399 + 3500 + 2131,
    });
    // VAT is in the price: the quote names the part that is tax and adds nothing; ($359.90 + $25) × 20/120 = $64.15.
    const london = await (await quote({ shippingAddress: { country: 'GB' } })).json();
    expect(london).toMatchObject({ shippingCents: 2500, taxCents: 6415, totalCents: 35_990 + 2500 });
    expect(london.tax).toMatchObject({ label: 'VAT', inclusive: true });
  });

  it('answers 400 naming the refused code or destination (a code only as one that cannot be used)', async () => {
    const unknown = await quote({ discountCode: 'NOPE' });
    expect(unknown.status).toBe(400);
    expect(await fieldsOf(unknown)).toEqual([{ field: 'discountCode', message: "This code can't be used" }]);
    const paused = await quote({ discountCode: 'PAUSED' });
    expect((await fieldsOf(paused))[0]?.message).toBe("This code can't be used");
    const nowhere = await quote({ shippingAddress: { country: 'DE' } });
    expect(nowhere.status).toBe(400);
    expect(await fieldsOf(nowhere)).toEqual([
      {
        field: 'shippingAddress.country',
        message: 'We have no shipping rate to Germany; choose another country',
      },
    ]);
  });

  it('places an order holding the code, the rate chosen and the tax, as quoted', async () => {
    const response = await checkout(ada, { discountCode: 'LAB15', shippingOptionId: 'us:express' });
    expect(response.status).toBe(201);
    const { order } = await response.json();
    expect(order).toMatchObject({
      discount: { code: 'LAB15', amountCents: 5399 },
      shipping: { id: 'us:express', label: 'Express', amountCents: 3500 },
      taxCents: 2131,
      totalCents: 35_990 - 5399 + 3500 + 2131,
    });
    const london = await checkout(ada, { shippingAddress: LONDON });
    expect(london.status).toBe(201);
    expect((await london.json()).order).toMatchObject({
      shipping: { id: 'uk:tracked', amountCents: 2500 },
      taxCents: 6415,
      tax: { label: 'VAT', ratePercent: 20, inclusive: true, amountCents: 6415 },
      totalCents: 35_990 + 2500,
    });
  });

  it('gives a code limited to 10 uses to exactly 10 of 50 checkouts racing for it', async () => {
    expect(
      (await asAdmin('POST', '/admin/discounts', { code: 'TEN', type: 'percent', value: 5, usageLimit: 10 }))
        .status,
    ).toBe(201);
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => signUp()));
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => checkout(shoppers[i % 10]!, { discountCode: 'TEN' })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(40);
    for (const refused of responses.filter((r) => r.status === 400))
      expect((await fieldsOf(refused))[0]).toEqual({
        field: 'discountCode',
        message: "This code can't be used",
      });
    expect((await t.store.discounts.get('TEN'))?.uses).toBe(10);
    const orders = await t.store.orders.list({ filter: 'all' });
    expect(orders.filter((o) => o.discount?.code === 'TEN')).toHaveLength(10);
  });

  it('reports affiliates of paid orders for the admin only', async () => {
    await asAdmin('POST', '/admin/discounts', {
      code: 'LEE',
      type: 'percent',
      value: 10,
      affiliate: 'Dr Lee',
    });
    const { order } = await (await checkout(ada, { discountCode: 'LEE' })).json();
    await t.store.orders.markPaid(order.id, { reference: 'wire-lee' });
    const today = new Date().toISOString().slice(0, 10);
    const report = await (await asAdmin('GET', `/admin/reports/affiliates?from=${today}&to=${today}`)).json();
    // $359.90 − $35.99 = $323.91; 10% = $32.391 → $32.39.
    expect(report.affiliates).toEqual([
      { affiliate: 'Dr Lee', codes: ['LEE'], orders: 1, revenueCents: 32_391, commissionCents: 3239 },
    ]);
    const refused = await t.app.request(
      '/api/admin/reports/affiliates',
      jsonRequest('GET', undefined, ada.idToken),
    );
    expect(refused.status).toBe(403);
  });
});
