import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProductSchema } from '../../shared/domain/product.js';
import { signUp, signUpAdmin, type TestUser } from '../support/auth-users.js';
import { TEST_ADDRESS } from '../support/constants.js';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: TestUser;
let vialId: string;
let keys = 0;
let addresses = 0;

/** Each test guesses from client addresses of its own (the shop trusts this header here, as behind a proxy). */
const newAddress = () => `203.0.113.${++addresses}`;

const request = (path: string, body: unknown, { token, from }: { token?: string; from: string }) => {
  const init = jsonRequest('POST', body, token);
  return t.app.request(path, { ...init, headers: { ...init.headers, 'x-client-ip': from } });
};
const lines = () => [{ productId: vialId, quantity: 1 }];
const quote = (discountCode: string, from: string, token?: string) =>
  request('/api/checkout/quote', { lines: lines(), discountCode }, { from, ...(token ? { token } : {}) });
const checkout = (user: TestUser, discountCode: string, from: string) =>
  request(
    '/api/checkout',
    {
      lines: lines(),
      shippingAddress: TEST_ADDRESS,
      paymentMethod: 'manual',
      attestations: { adult: true, researchUse: true },
      idempotencyKey: `code-guessing-test-${++keys}`,
      discountCode,
    },
    { token: user.idToken, from },
  );
const asAdmin = (method: string, path: string, body?: unknown) =>
  t.app.request(`/api${path}`, jsonRequest(method, body, admin.idToken));
const guesses = (count: number) => Array.from({ length: count }, (_, i) => `GUESS${i}`);

beforeAll(async () => {
  t = createTestApp({}, { SHOP_CLIENT_IP_HEADER: 'x-client-ip' });
  admin = await signUpAdmin();
  vialId = (await t.store.products.add(newProductSchema.parse({ name: 'BPC-157', price: 40, stock: 1000 })))
    .id;
  const codes = [
    { code: 'WORKS', type: 'percent', value: 10 },
    { code: 'PAUSED', type: 'percent', value: 10 },
    { code: 'LATER', type: 'percent', value: 10, startsAt: '2999-01-01T00:00:00Z' },
    { code: 'GONE', type: 'percent', value: 10, endsAt: '2001-01-01T00:00:00Z' },
    { code: 'ONCEONLY', type: 'percent', value: 10, usageLimit: 1 },
  ];
  for (const code of codes) expect((await asAdmin('POST', '/admin/discounts', code)).status).toBe(201);
  expect((await asAdmin('PUT', '/admin/discounts/PAUSED/active', { active: false })).status).toBe(200);
  const used = await checkout(await signUp(), 'ONCEONLY', newAddress());
  expect(used.status, await used.clone().text()).toBe(201);
});
afterAll(() => t.close());

describe('discount codes cannot be guessed', () => {
  it('answers an unknown, switched-off, not-yet-started, expired or used-up code byte for byte alike', async () => {
    const from = newAddress();
    const shopper = await signUp();
    const answers = async (send: (code: string) => Response | Promise<Response>) => {
      const all: string[] = [];
      for (const code of ['NOSUCHCODE', 'PAUSED', 'LATER', 'GONE', 'ONCEONLY']) {
        const response = await send(code);
        all.push(`${response.status} ${await response.text()}`);
      }
      return all;
    };
    const quoted = await answers((code) => quote(code, from));
    expect(new Set(quoted)).toEqual(new Set([quoted[0]]));
    expect(JSON.parse(quoted[0]!.slice(4))).toEqual({
      error: {
        code: 'invalid-input',
        message: "discountCode: This code can't be used",
        fields: [{ field: 'discountCode', message: "This code can't be used" }],
      },
    });
    expect(quoted[0]!.startsWith('400 ')).toBe(true);
    const placed = await answers((code) => checkout(shopper, code, newAddress()));
    expect(new Set(placed)).toEqual(new Set([quoted[0]]));
    expect(await t.store.orders.listForUser(shopper.uid)).toEqual([]);
  });

  it('tells staff why each code cannot be used', async () => {
    const response = await asAdmin('GET', '/admin/discounts');
    const { discounts } = (await response.json()) as { discounts: { code: string; state: string }[] };
    expect(Object.fromEntries(discounts.map((d) => [d.code, d.state]))).toEqual({
      WORKS: 'usable',
      PAUSED: 'inactive',
      LATER: 'scheduled',
      GONE: 'expired',
      ONCEONLY: 'used-up',
    });
  });

  it('answers the 11th different code from one client address in a minute with 429 and Retry-After', async () => {
    const from = newAddress();
    for (const code of guesses(10)) expect((await quote(code, from)).status).toBe(400);
    const refused = await quote('WORKS', from);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe('rate-limited');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Codes already tried stay free to re-price with; another client is not held up.
    expect((await quote('GUESS3', from)).status).toBe(400);
    expect((await quote('WORKS', newAddress())).status).toBe(200);
  });

  it('limits guesses spread over many addresses per signed-in account, at the quote and the checkout alike', async () => {
    const guesser = await signUp();
    for (const code of guesses(5))
      expect((await quote(code, newAddress(), guesser.idToken)).status).toBe(400);
    for (const code of guesses(10).slice(5))
      expect((await checkout(guesser, code, newAddress())).status).toBe(400);
    const quoted = await quote('WORKS', newAddress(), guesser.idToken);
    expect(quoted.status).toBe(429);
    expect(quoted.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect((await checkout(guesser, 'WORKS', newAddress())).status).toBe(429);
    expect(await t.store.orders.listForUser(guesser.uid)).toEqual([]);
  });

  it('lets 50 parallel guesses through no further than the limit', async () => {
    const from = newAddress();
    const statuses = (await Promise.all(guesses(50).map((code) => quote(code, from)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
  });

  it('does not count re-pricing with a code that works, nor quotes without a code', async () => {
    const from = newAddress();
    for (let i = 0; i < 15; i++) expect((await quote('WORKS', from)).status).toBe(200);
    for (let i = 0; i < 15; i++)
      expect((await request('/api/checkout/quote', { lines: lines() }, { from })).status).toBe(200);
    for (const code of guesses(9)) expect((await quote(code, from)).status).toBe(400);
  });
});
