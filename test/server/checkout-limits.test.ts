import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelOverdueOrders } from '../../shared/backend/orders/cancel-overdue.js';
import { newDiscountSchema } from '../../shared/domain/discount.js';
import type { Order } from '../../shared/domain/order.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { DEFAULT_CHECKOUT_LIMITS } from '../../shared/domain/unpaid-orders.js';
import { adminAuth, signUp, signUpAdmin, type TestUser } from '../support/auth-users.js';
import { bankTransferCheckout } from '../support/place-order.js';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.js';

const HOUR = 60 * 60 * 1000;
let t: TestApp;
let admin: TestUser;
let addresses = 0;

beforeAll(async () => {
  // Each test checks out from its own client address, as the per-address limit counts them.
  t = createTestApp({}, { SHOP_CLIENT_IP_HEADER: 'x-test-client' });
  admin = await signUpAdmin();
});
afterAll(() => t.close());

const newAddress = () => `203.0.113.${++addresses}`;
const product = (name: string, stock: number | null = 500) =>
  t.store.products.add(newProductSchema.parse({ name, price: 40, stock }));

async function checkout(
  user: TestUser,
  lines: { productId: string; variantId?: string; quantity: number }[],
  { address = newAddress(), discountCode }: { address?: string; discountCode?: string } = {},
): Promise<Response> {
  const request = jsonRequest(
    'POST',
    { ...bankTransferCheckout(lines), ...(discountCode ? { discountCode } : {}) },
    user.idToken,
  );
  (request.headers as Record<string, string>)['x-test-client'] = address;
  return t.app.request('/api/checkout', request);
}

const placed = async (response: Response): Promise<Order> => {
  expect(response.status).toBe(201);
  return ((await response.json()) as { order: Order }).order;
};

const settings = (method: 'GET' | 'PATCH', body?: unknown, token = admin.idToken) =>
  t.app.request('/api/admin/settings/checkout-limits', jsonRequest(method, body, token));

async function withLimits(patch: Record<string, number>, run: () => Promise<void>): Promise<void> {
  expect((await settings('PATCH', patch)).status).toBe(200);
  try {
    await run();
  } finally {
    await settings('PATCH', DEFAULT_CHECKOUT_LIMITS);
  }
}

describe('checkout limits as staff set them', () => {
  it('start at the defaults and change through the admin settings, audited and judged field by field', async () => {
    expect(await (await settings('GET')).json()).toEqual({
      limits: {
        holdHours: 48,
        maxPerAccount: 3,
        maxUnitsPerSize: 20,
        checkoutsPerAccount: 10,
        checkoutsPerAddress: 30,
      },
    });
    const changed = await settings('PATCH', { holdHours: 24, maxUnitsPerSize: 10 });
    expect(await changed.json()).toMatchObject({
      limits: { holdHours: 24, maxPerAccount: 3, maxUnitsPerSize: 10 },
    });
    const refused = await settings('PATCH', { holdHours: 0, maxPerAccount: 2.5, surprise: 1 });
    expect(refused.status).toBe(400);
    const fields = (await refused.json()).error.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['holdHours', 'maxPerAccount']));
    expect((await (await settings('GET')).json()).limits.holdHours).toBe(24);

    const audit = await t.app.request(
      '/api/admin/audit?entity=settings&id=checkoutLimits',
      jsonRequest('GET', undefined, admin.idToken),
    );
    const [entry] = (await audit.json()).entries;
    expect(entry).toMatchObject({
      actor: admin.email,
      entity: 'settings',
      entityId: 'checkoutLimits',
      before: { holdHours: 48, maxUnitsPerSize: 20 },
      after: { holdHours: 24, maxUnitsPerSize: 10 },
    });
    await settings('PATCH', DEFAULT_CHECKOUT_LIMITS);
    const shopper = await signUp();
    expect((await settings('GET', undefined, shopper.idToken)).status).toBe(403);
  });
});

describe('POST /api/checkout: unpaid orders cannot hoard', () => {
  it('refuses an account a fourth unpaid order with 409 a shopper understands, until one is cancelled', async () => {
    const vial = await product('Hoarded vial');
    const shopper = await signUp();
    const first = await placed(await checkout(shopper, [{ productId: vial.id, quantity: 1 }]));
    await placed(await checkout(shopper, [{ productId: vial.id, quantity: 1 }]));
    await placed(await checkout(shopper, [{ productId: vial.id, quantity: 1 }]));
    const fourth = await checkout(shopper, [{ productId: vial.id, quantity: 1 }]);
    expect(fourth.status).toBe(409);
    expect((await fourth.json()).error).toMatchObject({
      code: 'conflict',
      message:
        'You already have 3 unpaid orders, the most one account may hold. Pay for or cancel one of them before placing another.',
    });
    expect((await t.store.products.get(vial.id))?.stock).toBe(497);

    const cancel = await t.app.request(
      `/api/orders/${first.id}/cancel`,
      jsonRequest('POST', undefined, shopper.idToken),
    );
    expect(cancel.status).toBe(200);
    await placed(await checkout(shopper, [{ productId: vial.id, quantity: 1 }]));
  });

  it('refuses more than 20 units of one size in one unpaid order, naming the line, and follows the setting', async () => {
    const vial = await product('Bulk vial');
    const shopper = await signUp();
    const refused = await checkout(shopper, [{ productId: vial.id, quantity: 21 }]);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fields).toEqual([
      {
        field: 'lines.0.quantity',
        message: 'Bulk vial: at most 20 per order awaiting payment (you asked for 21)',
      },
    ]);
    expect((await t.store.products.get(vial.id))?.stock).toBe(500);
    await placed(await checkout(shopper, [{ productId: vial.id, quantity: 20 }]));
    await withLimits({ maxUnitsPerSize: 50 }, async () => {
      await placed(await checkout(shopper, [{ productId: vial.id, quantity: 50 }]));
    });
  });

  it('accepts 3 of 26 checkouts one account sends at once, refusing the rest with 409 or 429', async () => {
    const vial = await product('Raced vial');
    const shopper = await signUp();
    const responses = await Promise.all(
      Array.from({ length: 26 }, () => checkout(shopper, [{ productId: vial.id, quantity: 1 }])),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s !== 201 && s !== 409 && s !== 429)).toEqual([]);
    // 10 reach the store (the account's checkouts in ten minutes); the other 16 are turned away before.
    expect(statuses.filter((s) => s === 429)).toHaveLength(26 - DEFAULT_CHECKOUT_LIMITS.checkoutsPerAccount);
    const limited = responses.find((r) => r.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).error).toMatchObject({
      code: 'rate-limited',
      message: 'Too many checkouts in a short time; please wait a few minutes and try again',
    });
    expect(await t.store.orders.listForUser(shopper.uid)).toHaveLength(3);
    expect((await t.store.products.get(vial.id))?.stock).toBe(497);
  });

  it('limits the checkouts of one client address across accounts, with Retry-After', async () => {
    const vial = await product('Shared address vial');
    const address = newAddress();
    await withLimits({ checkoutsPerAddress: 2 }, async () => {
      const [a, b, c] = await Promise.all([signUp(), signUp(), signUp()]);
      await placed(await checkout(a, [{ productId: vial.id, quantity: 1 }], { address }));
      await placed(await checkout(b, [{ productId: vial.id, quantity: 1 }], { address }));
      const third = await checkout(c, [{ productId: vial.id, quantity: 1 }], { address });
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      await placed(await checkout(c, [{ productId: vial.id, quantity: 1 }]));
    });
  });
});

describe('a limited code held by an unpaid order', () => {
  const code = async (name: string, extra: Record<string, unknown> = {}) =>
    t.store.discounts.create(newDiscountSchema.parse({ code: name, type: 'percent', value: 10, ...extra }));
  const uses = async (name: string) => (await t.store.discounts.get(name))?.uses;

  it('is given back when staff or the shopper cancel the order, and the shopper may use it again', async () => {
    const vial = await product('Coded vial');
    await code('ONEUSE', { usageLimit: 1, oncePerCustomer: true });
    const shopper = await signUp();
    const order = await placed(
      await checkout(shopper, [{ productId: vial.id, quantity: 1 }], { discountCode: 'ONEUSE' }),
    );
    const other = await signUp();
    const usedUp = await checkout(other, [{ productId: vial.id, quantity: 1 }], { discountCode: 'ONEUSE' });
    expect(usedUp.status).toBe(400);
    const byStaff = await t.app.request(
      `/api/admin/orders/${order.id}/cancel`,
      jsonRequest('POST', { note: 'Duplicate order' }, admin.idToken),
    );
    expect(byStaff.status).toBe(200);
    expect(await uses('ONEUSE')).toBe(0);

    const again = await placed(
      await checkout(shopper, [{ productId: vial.id, quantity: 1 }], { discountCode: 'ONEUSE' }),
    );
    expect(await uses('ONEUSE')).toBe(1);
    await t.app.request(`/api/orders/${again.id}/cancel`, jsonRequest('POST', undefined, shopper.idToken));
    expect(await uses('ONEUSE')).toBe(0);
    await placed(await checkout(other, [{ productId: vial.id, quantity: 1 }], { discountCode: 'ONEUSE' }));
  });

  it('is not given again to a new account with the same e-mail', async () => {
    const vial = await product('Once vial');
    await code('WELCOME', { oncePerCustomer: true });
    const shopper = await signUp();
    await placed(await checkout(shopper, [{ productId: vial.id, quantity: 1 }], { discountCode: 'WELCOME' }));
    // The order's e-mail is compared, whoever's account it is: the account deleted and made again.
    await adminAuth().deleteUser(shopper.uid);
    const throwaway = await signUp(shopper.email);
    expect(throwaway.uid).not.toBe(shopper.uid);
    const refused = await checkout(throwaway, [{ productId: vial.id, quantity: 1 }], {
      discountCode: 'WELCOME',
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fields).toEqual([
      { field: 'discountCode', message: 'You have already used discount code WELCOME' },
    ]);
  });
});

describe('the overdue sweep at the payment hold', () => {
  it('cancels an unpaid bank-transfer order 48 hours after it was placed, e-mailing the shopper, restocking and giving its code back', async () => {
    const vial = await product('Swept vial', 10);
    await code10('SWEEP');
    const shopper = await signUp();
    const order = await placed(
      await checkout(shopper, [{ productId: vial.id, quantity: 4 }], { discountCode: 'SWEEP' }),
    );
    const placedAt = order.createdAt.seconds * 1000 + order.createdAt.nanoseconds / 1e6;
    expect(order.payment.dueBy).toEqual({
      seconds: order.createdAt.seconds + 48 * 60 * 60,
      nanoseconds: order.createdAt.nanoseconds,
    });
    const sweep = { orders: t.deps.store.orders, payments: t.deps.payments };
    // Orders this file placed earlier fall due earlier, and are swept with them.
    const ids = (orders: Order[]) => orders.map((o) => o.id);
    expect(ids(await cancelOverdueOrders(sweep, placedAt + 48 * HOUR - 1))).not.toContain(order.id);
    expect(ids(await cancelOverdueOrders(sweep, placedAt + 48 * HOUR))).toEqual([order.id]);
    expect((await t.store.orders.get(order.id))?.status).toBe('cancelled');
    expect((await t.store.products.get(vial.id))?.stock).toBe(10);
    expect((await t.store.discounts.get('SWEEP'))?.uses).toBe(0);
    const mails = [...(await t.store.outbox.list('pending')), ...(await t.store.outbox.list('sent'))];
    expect(mails.map((m) => m.mail.subject)).toContain(`Order ${order.number} was cancelled`);
  });

  it('holds a bank-transfer order as long as the setting said when it was placed', async () => {
    const vial = await product('Short hold vial', 10);
    const shopper = await signUp();
    await withLimits({ holdHours: 6 }, async () => {
      const order = await placed(await checkout(shopper, [{ productId: vial.id, quantity: 1 }]));
      expect(order.payment.dueBy?.seconds).toBe(order.createdAt.seconds + 6 * 60 * 60);
    });
  });
});

const code10 = (name: string) =>
  t.store.discounts.create(
    newDiscountSchema.parse({ code: name, type: 'percent', value: 10, usageLimit: 10 }),
  );
