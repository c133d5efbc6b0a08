import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, inBackground } from '../../shared/backend/mail/mailer.js';
import type { Order } from '../../shared/domain/order.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { signUp, signUpAdmin, type TestUser } from '../support/auth-users.js';
import { TEST_ADDRESS } from '../support/constants.js';
import { readOutbox, startSmtpInbox } from '../support/smtp-inbox.js';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.js';

let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let shopper: TestUser;
let admin: TestUser;
let keys = 0;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  [shopper, admin] = await Promise.all([signUp(), signUpAdmin()]);
});
afterAll(() => inbox.close());

async function placeOrder(t: TestApp, quantity = 2): Promise<Order> {
  const p = await t.store.products.add(
    newProductSchema.parse({ name: `Mailed peptide ${++keys}`, price: 39.99, stock: 10 }),
  );
  const response = await t.app.request(
    '/api/checkout',
    jsonRequest(
      'POST',
      {
        lines: [{ productId: p.id, quantity }],
        shippingAddress: TEST_ADDRESS,
        paymentMethod: 'manual',
        acceptTerms: true,
        idempotencyKey: `order-mail-key-${Date.now()}-${keys}`,
      },
      shopper.idToken,
    ),
  );
  expect(response.status).toBe(201);
  return (await response.json()).order;
}

const adminCall = (t: TestApp, path: string, body: unknown = {}) =>
  t.app.request(`/api/admin/orders${path}`, jsonRequest('POST', body, admin.idToken));

describe('order e-mails to the shopper', () => {
  it('sends the bank details on placing, then word of payment, shipping and tracking, through SMTP', async () => {
    const t = createTestApp({}, { SHOP_SMTP_URL: inbox.url, SHOP_PUBLIC_URL: 'https://shop.example.com' });
    const order = await placeOrder(t);
    const [placed] = inbox.mails.filter((m) => m.to === shopper.email);
    expect(placed?.subject).toBe(`Order ${order.number} received: your bank transfer details`);
    expect(placed?.from).toBe('"Helix Peptides" <support@helixpeptides.example>');
    expect(placed?.text).toContain('Routing number:  000000000');
    expect(placed?.text).toContain(`Reference:       ${order.number}`);
    expect(placed?.text).toContain('2 x Mailed peptide');
    expect(placed?.text).toContain('total $94.98');
    expect(placed?.text).toMatch(/Please pay by bank transfer by \w{3} \d{1,2}, \d{4}, .* UTC/);
    expect(placed?.text).toContain(`https://shop.example.com/order-details/${order.id}`);
    expect(placed?.html).toContain(`<a href="https://shop.example.com/order-details/${order.id}">`);

    expect((await adminCall(t, `/${order.id}/mark-paid`, { reference: 'WIRE-1' })).status).toBe(200);
    expect((await adminCall(t, `/${order.id}/mark-paid`, { reference: 'WIRE-1' })).status).toBe(200);
    expect((await adminCall(t, `/${order.id}/ship`, { carrier: 'UPS', number: '1Z999AA1' })).status).toBe(
      200,
    );
    const subjects = inbox.mails.filter((m) => m.to === shopper.email).map((m) => m.subject);
    expect(subjects).toEqual([
      `Order ${order.number} received: your bank transfer details`,
      `Payment received for order ${order.number}`,
      `Order ${order.number} has shipped`,
    ]);
    expect(inbox.mails.at(-1)?.text).toContain('Tracking number: UPS 1Z999AA1');
    await t.close();
  });

  it('tells the shopper why an order was cancelled and whether a refund follows', async () => {
    const t = createTestApp({}, { SHOP_SMTP_URL: inbox.url });
    const unpaid = await placeOrder(t, 1);
    await adminCall(t, `/${unpaid.id}/cancel`, { note: 'Out of stock at the lab' });
    const paid = await placeOrder(t, 1);
    await adminCall(t, `/${paid.id}/mark-paid`);
    await adminCall(t, `/${paid.id}/cancel`);
    const cancelled = inbox.mails.filter((m) => m.subject.endsWith('was cancelled'));
    expect(cancelled.map((m) => m.subject)).toEqual([
      `Order ${unpaid.number} was cancelled`,
      `Order ${paid.number} was cancelled`,
    ]);
    expect(cancelled[0]?.text).toContain(
      `Your order ${unpaid.number} was cancelled: Out of stock at the lab.`,
    );
    expect(cancelled[0]?.text).toContain('Nothing was charged.');
    expect(cancelled[1]?.text).toContain('We will refund the $54.99 you paid in full.');
    await t.close();
  });

  it('still places the order when the mail server cannot be reached, and logs why', async () => {
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: string) => errors.push(line);
    try {
      const t = createTestApp({}, { SHOP_SMTP_URL: 'smtp://127.0.0.1:1' });
      const order = await placeOrder(t, 1);
      expect((await t.store.orders.get(order.id))?.status).toBe('pending_payment');
      expect(errors.join('\n')).toContain(`[mail] could not send "Order ${order.number} received`);
      await t.close();
    } finally {
      console.error = original;
    }
  });

  it('without SMTP, writes each e-mail into the data folder’s outbox as an .eml file', async () => {
    const t = createTestApp();
    const order = await placeOrder(t, 1);
    expect(readdirSync(join(t.dataDir, 'outbox'))).toEqual([
      expect.stringMatching(/-Order-HP-\w+-received-.*\.eml$/),
    ]);
    const [mail] = await readOutbox(t.dataDir);
    expect(mail?.subject).toBe(`Order ${order.number} received: your bank transfer details`);
    expect(mail?.to).toBe(shopper.email);
    await t.close();
  });
});

describe('addresses in headers', () => {
  it('sends nothing to a To that is not exactly one address (an account e-mail with a list in it)', async () => {
    const mailer = createMailer({
      smtpUrl: inbox.url,
      from: 'shop@example.com',
      staffInbox: 's@example.com',
      outboxDir: null,
    });
    const before = inbox.mails.length;
    for (const address of [
      'shopper@example.com, ceo@example.com',
      'Shopper <shopper@example.com>',
      'a@example.com\r\nBcc: b@example.com',
    ]) {
      await expect(
        mailer.send({ to: { name: '', address }, subject: 'Your order', text: 'hi', html: '<p>hi</p>' }),
      ).rejects.toThrow(/not one e-mail address/);
    }
    await mailer.send({
      to: { name: 'Ada, <ceo@example.com>', address: 'ada@example.com' },
      subject: 'Your order',
      text: 'hi',
      html: '<p>hi</p>',
    });
    expect(inbox.mails.slice(before).map((m) => m.envelopeTo)).toEqual([['ada@example.com']]);
    expect(inbox.mails.at(-1)?.toAddresses).toEqual(['ada@example.com']);
  });
});

describe('e-mail in the background (the running shop)', () => {
  it('answers at once while the mail server is slow, sends later, and logs a failure', async () => {
    let release: () => void = () => undefined;
    const sent: string[] = [];
    const slow = {
      describe: 'slow',
      send: async (m: { subject: string }) => {
        await new Promise<void>((resolve) => (release = resolve));
        if (m.subject === 'bounce') throw new Error('mailbox unavailable');
        sent.push(m.subject);
      },
    };
    const logged: string[] = [];
    const mailer = inBackground(slow, (line) => logged.push(line));
    const message = {
      to: { name: '', address: 'a@example.com' },
      subject: 'hello',
      text: 'hi',
      html: '<p>hi</p>',
    };
    await mailer.send(message);
    expect(sent).toEqual([]);
    release();
    await mailer.flush();
    expect(sent).toEqual(['hello']);

    await mailer.send({ ...message, subject: 'bounce' });
    release();
    await mailer.flush();
    expect(logged).toEqual(['[mail] could not send "bounce" to a@example.com: mailbox unavailable']);
  });
});
