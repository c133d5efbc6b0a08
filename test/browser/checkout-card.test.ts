import type { Browser, Page } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/auth-users.js';
import { launchBrowser } from '../support/browser.js';
import { addToCartFromStore, freshPage, signInAt } from '../support/browser-shop.js';
import { tickAttestations } from '../support/checkout-attestations.js';
import { startFakeStripe } from '../support/fake-stripe.js';
import { type ShopProcess, startShop } from '../support/shop-process.js';

const WEBHOOK_SECRET = 'whsec_browser_card_test';
let stripeApi: Awaited<ReturnType<typeof startFakeStripe>>;
let shop: ShopProcess;
let browser: Browser;

beforeAll(async () => {
  stripeApi = await startFakeStripe();
  [shop, browser] = await Promise.all([
    startShop({
      STRIPE_SECRET_KEY: 'sk_test_browser_card',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_browser_card',
      SHOP_STRIPE_API_URL: stripeApi.url,
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await stripeApi?.close();
});

/** Stripe's hosted page, which this machine cannot reach, stands in as a bare page. */
async function stubStripeCheckout(page: Page) {
  await page.route('https://checkout.stripe.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Stripe Checkout</h1>' }),
  );
}

/** Signs in from /identify with one product in the cart and places a card order; returns its Stripe session. */
async function placeCardOrder(page: Page) {
  const buyer = await signUp();
  await stubStripeCheckout(page);
  await addToCartFromStore(page, shop.url, /BPC-157/);
  await page.goto(`${shop.url}/identify`);
  await signInAt(page, buyer.email, buyer.password);
  await page.waitForURL(`${shop.url}/checkout`);
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Street address').fill('1 Navy Way');
  await page.getByLabel('City').fill('Arlington');
  await page.getByLabel('State', { exact: true }).selectOption('VA');
  await page.getByLabel('ZIP code').fill('22202');
  await page.getByLabel('Phone').fill('7035550199');
  await page.getByRole('radio', { name: /Card/ }).check();
  await tickAttestations(page);
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/^https:\/\/checkout\.stripe\.test\/c\/pay\//);
  const sessionId = page.url().split('/').at(-1)!;
  return stripeApi.sessions.get(sessionId)!;
}

function sendPaidWebhook(session: { id: string; client_reference_id: string | null; amount_total: number }) {
  const payload = JSON.stringify({
    id: `evt_${session.id}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { ...session, object: 'checkout.session', currency: 'usd', payment_status: 'paid' } },
  });
  const signature = new Stripe('sk_test_helper').webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
  });
  return fetch(`${shop.url}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

describe('paying by card', () => {
  it('sends the shopper to Stripe and, back on the success page, waits until the payment is confirmed', async () => {
    const page = await freshPage(browser);
    const session = await placeCardOrder(page);
    expect(session.amount_total).toBe(3999 + 1500);

    await page.goto(
      `${shop.url}/checkout/success?order=${session.client_reference_id}&session_id=${session.id}`,
    );
    await page.getByText('Confirming your card payment...').waitFor();
    await page.getByRole('button', { name: 'Cart, 0 items' }).waitFor();
    expect((await sendPaidWebhook(session)).status).toBe(200);
    await page.getByText('Payment received, thank you.').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('order-success-total').textContent()).toBe('$54.99');
    await page.context().close();
  });

  it('keeps an order whose card payment was cancelled, and lets the shopper pay it later', async () => {
    const page = await freshPage(browser);
    const session = await placeCardOrder(page);
    await page.goto(`${shop.url}/order-details/${session.client_reference_id}?payment=cancelled`);
    await page.getByText('The card payment was cancelled. Your order is kept; you can pay now.').waitFor();
    await page.getByRole('region', { name: 'Status history' }).getByText('Awaiting payment').waitFor();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(`https://checkout.stripe.test/c/pay/${session.id}`);
    await page.context().close();
  });
});
