import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProductSchema } from '../../shared/domain/product.js';
import { signUp, signUpAdmin, type TestUser } from '../support/auth-users.js';
import { liftCheckoutLimits } from '../support/checkout-limits.js';
import { TEST_ADDRESS } from '../support/constants.js';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.js';

let t: TestApp;
let ada: TestUser;
let bob: TestUser;
let admin: TestUser;
let keyCount = 0;

beforeAll(async () => {
  t = createTestApp();
  await liftCheckoutLimits(t.store);
  [ada, bob, admin] = await Promise.all([signUp(), signUp(), signUpAdmin()]);
});
afterAll(() => t.close());

const address = TEST_ADDRESS;
const newKey = () => `checkout-test-${Date.now()}-${++keyCount}`;
const body = (lines: unknown, extra: Record<string, unknown> = {}) => ({
  lines,
  shippingAddress: address,
  paymentMethod: 'manual',
  attestations: { adult: true, researchUse: true },
  idempotencyKey: newKey(),
  ...extra,
});
const checkout = async (user: TestUser | null, payload: unknown): Promise<Response> =>
  t.app.request('/api/checkout', jsonRequest('POST', payload, user?.idToken));
const product = (name: string, price: number, stock: number | null = null) =>
  t.store.products.add(newProductSchema.parse({ name, price, stock }));

describe('POST /api/checkout', () => {
  it('charges the store’s prices and answers with bank transfer instructions', async () => {
    const p = await product('Priced by store', 39.99, 10);
    const response = await checkout(ada, body([{ productId: p.id, quantity: 3 }]));
    expect(response.status).toBe(201);
    const { order, payment, created } = await response.json();
    expect(created).toBe(true);
    expect(order).toMatchObject({
      uid: ada.uid,
      email: ada.email,
      status: 'pending_payment',
      subtotalCents: 11997,
      shippingCents: 1500,
      totalCents: 13497,
    });
    expect(order.shippingAddress.phone).toBe('+16175550100');
    expect(payment).toEqual({
      kind: 'bank-transfer',
      instructions: expect.objectContaining({
        reference: order.number,
        amountCents: 13497,
        dueBy: {
          seconds: order.createdAt.seconds + 48 * 60 * 60,
          nanoseconds: order.createdAt.nanoseconds,
        },
      }),
    });
    expect((await t.store.products.get(p.id))?.stock).toBe(7);
  });

  it('refuses a body that carries prices or totals, so the client cannot set what is charged', async () => {
    const p = await product('Tamper target', 80, 5);
    const withLinePrice = await checkout(ada, body([{ productId: p.id, quantity: 1, price: 0.01 }]));
    expect(withLinePrice.status).toBe(400);
    expect((await withLinePrice.json()).error.fields).toContainEqual({
      field: 'lines.0',
      message: 'Unknown field(s): price',
    });
    const withTotal = await checkout(ada, body([{ productId: p.id, quantity: 1 }], { totalCents: 1 }));
    expect(withTotal.status).toBe(400);
    expect(await t.store.orders.listForUser(ada.uid)).not.toContainEqual(
      expect.objectContaining({ lines: [expect.objectContaining({ productId: p.id })] }),
    );
    expect((await t.store.products.get(p.id))?.stock).toBe(5);
  });

  it.each([
    [0, 'Quantity must be at least 1'],
    [-2, 'Quantity must be at least 1'],
    [1.5, 'Quantity must be a whole number'],
    [100, 'Quantity must be at most 99'],
    [1e9, 'Quantity must be at most 99'],
    ['2', 'Quantity must be a number'],
  ])('refuses quantity %s', async (quantity, message) => {
    const p = await product(`Quantity ${quantity}`, 10, 5);
    const response = await checkout(ada, body([{ productId: p.id, quantity }]));
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toContainEqual({ field: 'lines.0.quantity', message });
    expect((await t.store.products.get(p.id))?.stock).toBe(5);
  });

  it('names every missing address field and requires the age attestation', async () => {
    const p = await product('Address check', 10);
    const response = await checkout(
      ada,
      body([{ productId: p.id, quantity: 1 }], {
        shippingAddress: { ...address, city: ' ', phone: '555' },
        attestations: { adult: false, researchUse: true },
      }),
    );
    expect(response.status).toBe(400);
    const fields = (await response.json()).error.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(
      expect.arrayContaining(['shippingAddress.city', 'shippingAddress.phone', 'attestations.adult']),
    );
  });

  it('requires a signed-in shopper', async () => {
    const p = await product('Signed out', 10);
    expect((await checkout(null, body([{ productId: p.id, quantity: 1 }]))).status).toBe(401);
  });

  it('refuses unavailable products with 409 naming them', async () => {
    const p = await product('Withdrawn peptide', 10);
    await t.store.products.setAvailability(p.id, false);
    const response = await checkout(ada, body([{ productId: p.id, quantity: 1 }]));
    expect(response.status).toBe(409);
    expect((await response.json()).error).toEqual({
      code: 'unavailable',
      message: 'No longer available: Withdrawn peptide',
      details: { productIds: [p.id], variantIds: [p.variants[0]!.id] },
    });
  });

  it('refuses more than the stock with 409 and takes nothing', async () => {
    const p = await product('Two left', 10, 2);
    const response = await checkout(ada, body([{ productId: p.id, quantity: 3 }]));
    expect(response.status).toBe(409);
    expect((await response.json()).error.message).toBe('Not enough stock: only 2 of Two left left');
    expect((await t.store.products.get(p.id))?.stock).toBe(2);
  });

  it('leaves exactly one order and stock 0 when 20 shoppers race for the last unit', async () => {
    const p = await product('Last vial', 60, 1);
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => signUp()));
    const responses = await Promise.all(
      shoppers.map((s) => checkout(s, body([{ productId: p.id, quantity: 1 }])).then((r) => r.status)),
    );
    expect(responses.filter((s) => s === 201)).toHaveLength(1);
    expect(responses.filter((s) => s === 409)).toHaveLength(19);
    expect((await t.store.products.get(p.id))?.stock).toBe(0);
    const orders = await t.store.orders.list({ filter: 'all' });
    expect(orders.filter((o) => o.lines.some((l) => l.productId === p.id))).toHaveLength(1);
  });

  it('returns the same order when a checkout is retried with the same key', async () => {
    const p = await product('Retried', 25, 10);
    const payload = body([{ productId: p.id, quantity: 2 }]);
    const first = await checkout(ada, payload);
    const retry = await checkout(ada, payload);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(200);
    const [a, b] = [await first.json(), await retry.json()];
    expect(b.order.id).toBe(a.order.id);
    expect(b.created).toBe(false);
    expect((await t.store.products.get(p.id))?.stock).toBe(8);
  });

  it('answers 422 idempotency-mismatch when a key is reused with a different cart, and places nothing', async () => {
    const p = await product('Reused key', 25, 10);
    const payload = body([{ productId: p.id, quantity: 2 }]);
    expect((await checkout(ada, payload)).status).toBe(201);
    const changed = await checkout(ada, { ...payload, lines: [{ productId: p.id, quantity: 5 }] });
    expect(changed.status).toBe(422);
    expect(await changed.json()).toEqual({
      error: {
        code: 'idempotency-mismatch',
        message:
          'This idempotency key was already used for a different order; send a new key for a new order',
      },
    });
    const elsewhere = { ...payload, shippingAddress: { ...address, city: 'Cambridge' } };
    expect((await checkout(ada, elsewhere)).status).toBe(422);
    expect((await t.store.products.get(p.id))?.stock).toBe(8);
    expect((await checkout(ada, payload)).status).toBe(200);
  });
});

describe('POST /api/checkout/quote', () => {
  it('prices a cart line by line from the store, flagging what cannot be ordered, and writes nothing', async () => {
    const ok = await product('Quoted ok', 19.99, 10);
    const short = await product('Quoted short', 5, 1);
    const withdrawn = await product('Quoted withdrawn', 7);
    await t.store.products.setAvailability(withdrawn.id, false);
    const response = await t.app.request(
      '/api/checkout/quote',
      jsonRequest('POST', {
        lines: [
          { productId: ok.id, quantity: 2 },
          { productId: short.id, quantity: 3 },
          { productId: withdrawn.id, quantity: 1 },
          { productId: 'no-such-product', quantity: 1 },
        ],
      }),
    );
    expect(response.status).toBe(200);
    const quote = await response.json();
    expect(quote.lines.map((l: { status: string }) => l.status)).toEqual([
      'ok',
      'short',
      'unavailable',
      'unavailable',
    ]);
    expect(quote.lines[0]).toMatchObject({ name: 'Quoted ok', unitPriceCents: 1999, lineTotalCents: 3998 });
    expect(quote.lines[1]).toMatchObject({ inStock: 1 });
    // No address yet: no rate is chosen nor charged until it says where the order ships.
    expect(quote).toMatchObject({ subtotalCents: 3998, shipping: null, shippingCents: 0, totalCents: 3998 });
    expect((await t.store.products.get(short.id))?.stock).toBe(1);
  });
});

describe('orders API', () => {
  it('shows a shopper their own orders, newest first, and hides them from anyone else', async () => {
    const p = await product('Owned', 15);
    const first = (await (await checkout(bob, body([{ productId: p.id, quantity: 1 }]))).json()).order;
    const second = (await (await checkout(bob, body([{ productId: p.id, quantity: 2 }]))).json()).order;
    const mine = await (
      await t.app.request('/api/orders', jsonRequest('GET', undefined, bob.idToken))
    ).json();
    expect(mine.orders.map((o: { id: string }) => o.id)).toEqual([second.id, first.id]);

    const asOwner = await t.app.request(
      `/api/orders/${first.id}`,
      jsonRequest('GET', undefined, bob.idToken),
    );
    expect(asOwner.status).toBe(200);
    expect((await asOwner.json()).payment.kind).toBe('bank-transfer');
    const asOther = await t.app.request(
      `/api/orders/${first.id}`,
      jsonRequest('GET', undefined, ada.idToken),
    );
    expect(asOther.status).toBe(404);
    expect((await asOther.json()).error.message).toBe('Order not found');
    const asAdmin = await t.app.request(
      `/api/orders/${first.id}`,
      jsonRequest('GET', undefined, admin.idToken),
    );
    expect(asAdmin.status).toBe(200);
    expect((await t.app.request(`/api/orders/${first.id}`)).status).toBe(401);
  });
});

describe('POST /api/orders/:id/cancel (the shopper)', () => {
  it('lets the owner cancel an unpaid order, putting the stock back, and nobody else', async () => {
    const p = await product('Changed my mind', 30, 5);
    const { order } = await (await checkout(ada, body([{ productId: p.id, quantity: 2 }]))).json();
    const cancel = (user: TestUser) =>
      t.app.request(`/api/orders/${order.id}/cancel`, jsonRequest('POST', {}, user.idToken));

    expect((await cancel(bob)).status).toBe(404);
    expect((await cancel(admin)).status).toBe(404);
    const done = await cancel(ada);
    expect(done.status).toBe(200);
    const { order: cancelled } = await done.json();
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.statusHistory.at(-1).note).toBe(
      'Cancelled by the customer before paying; the items went back on sale',
    );
    expect((await t.store.products.get(p.id))?.stock).toBe(5);
    const again = await cancel(ada);
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe(`Order ${order.number} is already cancelled`);
  });

  it('refuses once the order is paid: staff handle the refund', async () => {
    const p = await product('Paid already', 30, 5);
    const { order } = await (await checkout(ada, body([{ productId: p.id, quantity: 1 }]))).json();
    await t.store.orders.markPaid(order.id, { reference: 'WIRE-1' });
    const refused = await t.app.request(
      `/api/orders/${order.id}/cancel`,
      jsonRequest('POST', {}, ada.idToken),
    );
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(
      `Order ${order.number} is paid; write to us to cancel it`,
    );
    expect((await t.store.orders.get(order.id))?.status).toBe('paid');
  });
});

describe('staff notes', () => {
  it('never reach the shopper: the orders list, the order, a retried checkout and a cancel answer leave them out', async () => {
    const p = await product('Staff note stock', 12, 10);
    const placed = body([{ productId: p.id, quantity: 1 }]);
    const { order } = await (await checkout(ada, placed)).json();
    const marked = await t.app.request(
      `/api/admin/orders/${order.id}/mark-paid`,
      jsonRequest('POST', { reference: `WIRE-STAFF-${Date.now()}` }, admin.idToken),
    );
    expect((await marked.json()).order.statusHistory.at(-1).staffNote).toBe(`Marked paid by ${admin.email}`);

    const answers = [
      await t.app.request('/api/orders', jsonRequest('GET', undefined, ada.idToken)),
      await t.app.request(`/api/orders/${order.id}`, jsonRequest('GET', undefined, ada.idToken)),
      await checkout(ada, placed),
    ];
    for (const answer of answers) {
      expect(answer.ok).toBe(true);
      const text = await answer.text();
      expect(text).toContain('Payment received');
      expect(text).not.toContain('staffNote');
      expect(text).not.toContain(admin.email);
    }

    const unpaid = (await (await checkout(ada, body([{ productId: p.id, quantity: 1 }]))).json()).order;
    await t.store.orders.markPaid(unpaid.id, { reference: null, staffNote: 'Marked paid from the shop CLI' });
    await t.store.orders.cancel(unpaid.id);
    const listed = await (
      await t.app.request('/api/orders', jsonRequest('GET', undefined, ada.idToken))
    ).text();
    expect(listed).not.toContain('shop CLI');
  });
});

describe('admin orders API', () => {
  it('filters, marks paid, ships with tracking and refuses moves out of order', async () => {
    const p = await product('Fulfilled', 20, 10);
    const { order } = await (await checkout(ada, body([{ productId: p.id, quantity: 1 }]))).json();
    const call = (path: string, payload?: unknown, user: TestUser = admin) =>
      t.app.request(
        `/api/admin/orders${path}`,
        jsonRequest(payload === undefined ? 'GET' : 'POST', payload, user.idToken),
      );

    expect((await call(`/${order.id}/mark-paid`, {}, ada)).status).toBe(403);
    const unshipped = await (await call('?status=unshipped')).json();
    expect(unshipped.orders.map((o: { id: string }) => o.id)).toContain(order.id);
    const bySearch = await (await call(`?q=${order.number.toLowerCase()}`)).json();
    expect(bySearch.orders.map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect((await call('?status=nope')).status).toBe(400);

    const early = await call(`/${order.id}/ship`, { number: '1Z999AA10123456784' });
    expect(early.status).toBe(409);
    expect((await early.json()).error.message).toBe(
      `Order ${order.number} is awaiting payment and cannot be marked shipped`,
    );
    const paid = await (await call(`/${order.id}/mark-paid`, { reference: 'WIRE-778' })).json();
    expect(paid.order).toMatchObject({
      status: 'paid',
      payment: { provider: 'manual', reference: 'WIRE-778' },
    });
    expect(paid.order.statusHistory.at(-1)).toMatchObject({
      note: 'Payment received',
      staffNote: `Marked paid by ${admin.email}`,
    });
    expect((await call(`/${order.id}/ship`, { number: ' ' })).status).toBe(400);
    const shipped = await (
      await call(`/${order.id}/ship`, { carrier: 'UPS', number: '1Z999AA10123456784' })
    ).json();
    expect(shipped.order).toMatchObject({
      status: 'shipped',
      tracking: { carrier: 'UPS', number: '1Z999AA10123456784' },
    });
    const shippedList = await (await call('?status=shipped')).json();
    expect(shippedList.orders.map((o: { id: string }) => o.id)).toContain(order.id);
  });

  it('cancels an order and puts its stock back', async () => {
    const p = await product('Cancelled stock', 20, 4);
    const { order } = await (await checkout(ada, body([{ productId: p.id, quantity: 3 }]))).json();
    expect((await t.store.products.get(p.id))?.stock).toBe(1);
    const response = await t.app.request(
      `/api/admin/orders/${order.id}/cancel`,
      jsonRequest('POST', { note: 'Shopper asked to cancel' }, admin.idToken),
    );
    expect((await response.json()).order.status).toBe('cancelled');
    expect((await t.store.products.get(p.id))?.stock).toBe(4);
  });
});
