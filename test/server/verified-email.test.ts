import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProductSchema } from '../../shared/domain/product.js';
import {
  emulatorHost,
  signIn,
  signUp,
  signUpAdmin,
  signUpFulfilment,
  type TestUser,
} from '../support/auth-users.js';
import { TEST_ADDRESS } from '../support/constants.js';
import { verificationLinkMailedTo } from '../support/reset-mail.js';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.js';

let t: TestApp;
let productId: string;
let keys = 0;

beforeAll(async () => {
  t = createTestApp();
  productId = (await t.store.products.add(newProductSchema.parse({ name: 'BPC-157', price: 40, stock: 50 })))
    .id;
});
afterAll(() => t.close());

const lines = () => [{ productId, quantity: 1 }];
const checkout = (user: TestUser) =>
  t.app.request(
    '/api/checkout',
    jsonRequest(
      'POST',
      {
        lines: lines(),
        shippingAddress: TEST_ADDRESS,
        paymentMethod: 'manual',
        attestations: { adult: true, researchUse: true },
        idempotencyKey: `verified-email-test-${++keys}`,
      },
      user.idToken,
    ),
  );
const askForLink = (user: TestUser | null, next?: string) =>
  t.app.request(
    '/api/account/verification-email',
    jsonRequest('POST', next === undefined ? {} : { next }, user?.idToken),
  );

/** Opens the link as the shop's /auth/action page does (applyActionCode), then signs in afresh. */
async function openLink(user: TestUser, link: string): Promise<TestUser> {
  const oobCode = new URL(link).searchParams.get('oobCode');
  const response = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:update?key=fake-api-key`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ oobCode }) },
  );
  expect(response.status).toBe(200);
  return { ...user, idToken: await signIn(user.email, user.password) };
}

const unverified = { verified: false };

describe('a verified e-mail where it matters', () => {
  it('refuses an order from an unverified address with 403 email-unverified, and writes nothing', async () => {
    const shopper = await signUp(undefined, undefined, unverified);
    const response = await checkout(shopper);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: {
        code: 'email-unverified',
        message: `Confirm your e-mail address to place an order: open the link we sent to ${shopper.email}, then try again`,
      },
    });
    expect(await t.store.orders.listForUser(shopper.uid)).toEqual([]);
    expect((await t.store.products.get(productId))?.stock).toBe(50);
    // Prices are no secret: the quote still answers.
    const quote = await t.app.request(
      '/api/checkout/quote',
      jsonRequest('POST', { lines: lines() }, shopper.idToken),
    );
    expect(quote.status).toBe(200);
  });

  it('e-mails the link through the shop, leading back to checkout, after which the order is placed', async () => {
    const shopper = await signUp(undefined, undefined, unverified);
    const sent = await askForLink(shopper, '/checkout');
    expect(sent.status).toBe(202);
    expect(await sent.json()).toEqual({ sentTo: shopper.email, verified: false });
    const link = await verificationLinkMailedTo(t.dataDir, shopper.email);
    const url = new URL(link);
    expect(url.origin).toBe(t.config.shopUrl);
    expect(url.pathname).toBe('/auth/action');
    expect(url.searchParams.get('mode')).toBe('verifyEmail');
    expect(url.searchParams.get('next')).toBe('/checkout');
    const confirmed = await openLink(shopper, link);
    const placed = await checkout(confirmed);
    expect(placed.status).toBe(201);
    expect((await placed.json()).order.email).toBe(shopper.email);
    const again = await askForLink(confirmed);
    expect(await again.json()).toEqual({ sentTo: null, verified: true });
  });

  it('sends the link only to a signed-in account, and keeps its next page on this site', async () => {
    expect((await askForLink(null)).status).toBe(401);
    const shopper = await signUp(undefined, undefined, unverified);
    expect((await askForLink(shopper, '//evil.example/steal')).status).toBe(202);
    const url = new URL(await verificationLinkMailedTo(t.dataDir, shopper.email));
    expect(url.origin).toBe(t.config.shopUrl);
    expect(url.searchParams.get('next')).toBeNull();
  });

  it('closes the admin area to staff whose address is not verified, admins and fulfilment alike', async () => {
    const [admin, packer] = await Promise.all([signUpAdmin(unverified), signUpFulfilment(unverified)]);
    const get = (user: TestUser, path: string) =>
      t.app.request(`/api/admin/${path}`, jsonRequest('GET', undefined, user.idToken));
    for (const [user, path] of [
      [admin, 'discounts'],
      [admin, 'orders'],
      [packer, 'orders'],
    ] as const) {
      const refused = await get(user, path);
      expect(refused.status).toBe(403);
      expect((await refused.json()).error).toEqual({
        code: 'email-unverified',
        message: `Confirm your e-mail address to use the admin area: open the link we sent to ${user.email}, then try again`,
      });
    }
    const verifiedAdmin = await openLink(admin, await linkFor(admin));
    expect((await get(verifiedAdmin, 'discounts')).status).toBe(200);
    const verifiedPacker = await openLink(packer, await linkFor(packer));
    expect((await get(verifiedPacker, 'orders')).status).toBe(200);
  });
});

async function linkFor(user: TestUser): Promise<string> {
  expect((await askForLink(user)).status).toBe(202);
  return verificationLinkMailedTo(t.dataDir, user.email);
}
