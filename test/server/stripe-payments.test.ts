import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProductSchema } from '../../shared/domain/product.js';
import { signUp, signUpAdmin, type TestUser } from '../support/auth-users.js';
import { liftCheckoutLimits } from '../support/checkout-limits.js';
import { startFakeStripe } from '../support/fake-stripe.js';
import { readOutbox } from '../support/smtp-inbox.js';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.js';

const WEBHOOK_SECRET = 'whsec_test_peptide_shop_secret';
let t: TestApp;
let stripeApi: Awaited<ReturnType<typeof startFakeStripe>>;
let shopper: TestUser;
const stripe = new Stripe('sk_test_helper');

beforeAll(async () => {
  stripeApi = await startFakeStripe();
  t = createTestApp(
    {},
    {
      STRIPE_SECRET_KEY: 'sk_test_peptide_shop',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_peptide_shop',
      SHOP_STRIPE_API_URL: stripeApi.url,
      SHOP_PUBLIC_URL: 'https://shop.example.com',
    },
  );
  await liftCheckoutLimits(t.store);
  shopper = await signUp();
});
afterAll(async () => {
  await t.close();
  await stripeApi.close();
});

let keys = 0;
async function placeCardOrder(price = 45, quantity = 2) {
  const p = await t.store.products.add(
    newProductSchema.parse({ name: `Card product ${++keys}`, price, stock: 10 }),
  );
  const response = await t.app.request(
    '/api/checkout',
    jsonRequest(
      'POST',
      {
        lines: [{ productId: p.id, quantity }],
        shippingAddress: {
          fullName: 'Grace Hopper',
          line1: '1 Navy Way',
          city: 'Arlington',
          state: 'VA',
          postalCode: '22202',
          country: 'US',
          phone: '7035550199',
        },
        paymentMethod: 'stripe',
        attestations: { adult: true, researchUse: true },
        idempotencyKey: `stripe-order-key-${Date.now()}-${keys}`,
      },
      shopper.idToken,
    ),
  );
  expect(response.status).toBe(201);
  return response.json();
}

function webhook(event: unknown, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.request('/api/payments/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

const completed = (session: { id: string; client_reference_id: string; amount_total: number }) => ({
  id: `evt_${session.id}`,
  object: 'event',
  type: 'checkout.session.completed',
  data: { object: { object: 'checkout.session', currency: 'usd', payment_status: 'paid', ...session } },
});

describe('card payments through Stripe Checkout', () => {
  it('offers cards in the public config with the publishable key', async () => {
    const config = await (await t.app.request('/api/config')).json();
    expect(config.payments).toEqual({
      methods: ['manual', 'stripe'],
      stripePublishableKey: 'pk_test_peptide_shop',
    });
  });

  it('opens a Checkout Session priced from the store and sends the shopper to it', async () => {
    const { order, payment } = await placeCardOrder(45, 2);
    expect(payment).toEqual({
      kind: 'redirect',
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\//),
      reference: expect.any(String),
    });
    const sent = stripeApi.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.form.client_reference_id === order.id,
    );
    expect(sent?.form).toMatchObject({
      mode: 'payment',
      customer_email: shopper.email,
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][unit_amount]': '4500',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[1][price_data][unit_amount]': '1500',
      success_url: `https://shop.example.com/checkout/success?order=${order.id}&session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(sent?.idempotencyKey).toBe(`checkout-${order.id}-first`);
    expect((await t.store.orders.get(order.id))?.payment.reference).toBe(payment.reference);
  });

  it('marks the order paid when Stripe’s signed webhook reports the session paid', async () => {
    const { order, payment } = await placeCardOrder(30, 1);
    const response = await webhook(
      completed({ id: payment.reference, client_reference_id: order.id, amount_total: order.totalCents }),
    );
    expect(response.status).toBe(200);
    const paid = await t.store.orders.get(order.id);
    expect(paid).toMatchObject({
      status: 'paid',
      payment: { provider: 'stripe', reference: payment.reference },
    });
    expect(paid?.statusHistory.at(-1)?.note).toBe('Paid by card (Stripe)');
    // A card order's first e-mail to the shopper is its payment, not its placing.
    const mails = (await readOutbox(t.dataDir)).filter((m) => m.subject.includes(order.number));
    expect(mails.map((m) => m.subject)).toEqual([`Payment received for order ${order.number}`]);
    expect(
      (
        await webhook(
          completed({ id: payment.reference, client_reference_id: order.id, amount_total: order.totalCents }),
        )
      ).status,
    ).toBe(200);
    expect((await t.store.orders.get(order.id))?.statusHistory).toHaveLength(2);
  });

  it('changes nothing for a forged, unsigned or tampered webhook', async () => {
    const { order, payment } = await placeCardOrder(30, 1);
    const event = completed({
      id: payment.reference,
      client_reference_id: order.id,
      amount_total: order.totalCents,
    });
    const forged = await webhook(event, 'whsec_attacker_secret');
    expect(forged.status).toBe(400);
    expect((await forged.json()).error.message).toBe('The webhook signature does not verify');
    const unsigned = await t.app.request('/api/payments/stripe/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    const signature = stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: WEBHOOK_SECRET,
    });
    const tampered = await t.app.request('/api/payments/stripe/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: JSON.stringify({ ...event, id: 'evt_other' }),
    });
    expect(tampered.status).toBe(400);
    expect((await t.store.orders.get(order.id))?.status).toBe('pending_payment');
  });

  it('refuses a signed event whose amount does not match the order', async () => {
    const { order, payment } = await placeCardOrder(30, 1);
    const response = await webhook(
      completed({ id: payment.reference, client_reference_id: order.id, amount_total: 1 }),
    );
    expect(response.status).toBe(409);
    expect((await t.store.orders.get(order.id))?.status).toBe('pending_payment');
  });

  it('resumes the open session when the shopper asks to pay again', async () => {
    const { order, payment } = await placeCardOrder(20, 1);
    const again = await t.app.request(
      `/api/orders/${order.id}/pay`,
      jsonRequest('POST', {}, shopper.idToken),
    );
    expect(again.status).toBe(200);
    expect((await again.json()).payment).toEqual(payment);
  });

  it('cancels the order and puts its stock back when the session it waits on expires unpaid', async () => {
    const { order, payment } = await placeCardOrder(25, 3);
    const productId = order.lines[0].productId;
    expect((await t.store.products.get(productId))?.stock).toBe(7);
    const expired = (id: string) => ({
      id: `evt_expired_${id}`,
      object: 'event',
      type: 'checkout.session.expired',
      data: { object: { object: 'checkout.session', id, client_reference_id: order.id, status: 'expired' } },
    });

    expect((await webhook(expired('cs_an_older_session'))).status).toBe(200);
    expect((await t.store.orders.get(order.id))?.status).toBe('pending_payment');

    expect((await webhook(expired(payment.reference))).status).toBe(200);
    const cancelled = await t.store.orders.get(order.id);
    expect(cancelled?.status).toBe('cancelled');
    expect(cancelled?.statusHistory.at(-1)?.note).toMatch(
      /Checkout Session expired; the items went back on sale/,
    );
    expect((await t.store.products.get(productId))?.stock).toBe(10);

    const payAgain = await t.app.request(
      `/api/orders/${order.id}/pay`,
      jsonRequest('POST', {}, shopper.idToken),
    );
    expect(payAgain.status).toBe(409);
    expect((await payAgain.json()).error.message).toBe(
      `Order ${order.number} was cancelled; place a new order to buy these items`,
    );
  });

  it('expires the open Checkout Session when an unpaid card order is cancelled, so it cannot be paid after', async () => {
    const { order, payment } = await placeCardOrder(15, 1);
    const cancel = await t.app.request(
      `/api/orders/${order.id}/cancel`,
      jsonRequest('POST', {}, shopper.idToken),
    );
    expect(cancel.status).toBe(200);
    expect((await cancel.json()).order.status).toBe('cancelled');
    expect(stripeApi.sessions.get(payment.reference)?.status).toBe('expired');
  });

  it('refuses to cancel a card order whose payment has just gone through', async () => {
    const { order, payment } = await placeCardOrder(15, 1);
    Object.assign(stripeApi.sessions.get(payment.reference)!, { status: 'complete', payment_status: 'paid' });
    const admin = await signUpAdmin();
    const cancel = await t.app.request(
      `/api/admin/orders/${order.id}/cancel`,
      jsonRequest('POST', {}, admin.idToken),
    );
    expect(cancel.status).toBe(409);
    expect((await cancel.json()).error.message).toBe(
      `The card payment for order ${order.number} has gone through; it will show as paid in a moment`,
    );
    expect((await t.store.orders.get(order.id))?.status).toBe('pending_payment');
  });
});
