import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailer, LONGEST_SEND_MS } from '../../shared/backend/mail/mailer.js';
import { outboxSender } from '../../shared/backend/mail/outbox-sender.js';
import { withShopMail } from '../../shared/backend/mail/with-shop-mail.js';
import { freePort } from '../../shared/backend/net.js';
import { OUTBOX_LEASE_MS, type Store } from '../../shared/backend/store/port.js';
import { openSqliteStore, type SqliteStore } from '../../shared/backend/store/sqlite/sqlite-store.js';
import type { Order } from '../../shared/domain/order.js';
import { newProductSchema, type Product } from '../../shared/domain/product.js';
import { signUp, signUpAdmin, type TestUser } from '../support/auth-users.js';
import { TEST_ADDRESS } from '../support/constants.js';
import { placeStoredOrder } from '../support/place-order.js';
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

async function placeOrder(t: TestApp, quantity = 2, shippingAddress: object = TEST_ADDRESS): Promise<Order> {
  const p = await t.store.products.add(
    newProductSchema.parse({ name: `Mailed peptide ${++keys}`, price: 39.99, stock: 10 }),
  );
  const response = await t.app.request(
    '/api/checkout',
    jsonRequest(
      'POST',
      {
        lines: [{ productId: p.id, quantity }],
        shippingAddress,
        paymentMethod: 'manual',
        attestations: { adult: true, researchUse: true },
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
    expect(placed?.text).toContain('  Shipping — Standard shipping: $15.00\n  Total: $94.98');
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

  it('writes the address of an order abroad as its country does, the phone in national format, the US one as (xxx) xxx-xxxx', async () => {
    const t = createTestApp({}, { SHOP_SMTP_URL: inbox.url });
    const london = { ...TEST_ADDRESS, city: 'London', state: '', postalCode: 'SW1A 2AA', country: 'GB' };
    const uk = await placeOrder(t, 1, { ...london, phone: '+44 20 7946 0958' });
    const usPhone = await placeOrder(t, 1, { ...london, phone: '+1 617 555 0100' });
    const us = await placeOrder(t, 1);
    const text = (order: Order) => inbox.mails.find((m) => m.subject.includes(order.number))?.text ?? '';
    expect(text(uk)).toContain('  London SW1A 2AA, GB\n  020 7946 0958\n');
    expect(text(usPhone)).toContain('  +1 617 555 0100\n');
    expect(text(us)).toContain('  Boston, MA 02116, US\n  (617) 555-0100\n');
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

  it('still places the order when the mail server cannot be reached, keeps its e-mail and logs why', async () => {
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: string) => errors.push(line);
    try {
      const t = createTestApp({}, { SHOP_SMTP_URL: 'smtp://127.0.0.1:1' });
      const order = await placeOrder(t, 1);
      expect((await t.store.orders.get(order.id))?.status).toBe('pending_payment');
      expect(errors.join('\n')).toContain(`[mail] could not send "Order ${order.number} received`);
      const [waiting, ...none] = await t.store.outbox.list('pending');
      expect(none).toEqual([]);
      expect(waiting?.mail.subject).toBe(`Order ${order.number} received: your bank transfer details`);
      expect(waiting?.lastError).toMatch(/ECONNREFUSED/);
      await t.close();
    } finally {
      console.error = original;
    }
  });

  it('without SMTP, writes each e-mail whole into the outbox folder, named and identified by its outbox id', async () => {
    const t = createTestApp();
    const order = await placeOrder(t, 1);
    const [entry] = await t.store.outbox.list('sent');
    expect(readdirSync(join(t.dataDir, 'outbox'))).toEqual([`${entry!.id}.eml`]);
    const [mail] = await readOutbox(t.dataDir);
    expect(mail?.subject).toBe(`Order ${order.number} received: your bank transfer details`);
    expect(mail?.to).toBe(shopper.email);
    expect(mail?.messageId).toBe(`<${entry!.id}@helixpeptides.example>`);
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
        mailer!.send(
          { to: { name: '', address }, subject: 'Your order', text: 'hi', html: '<p>hi</p>' },
          'refused',
        ),
      ).rejects.toThrow(/not one e-mail address/);
    }
    await mailer!.send(
      {
        to: { name: 'Ada, <ceo@example.com>', address: 'ada@example.com' },
        subject: 'Your order',
        text: 'hi',
        html: '<p>hi</p>',
      },
      'one-address',
    );
    expect(inbox.mails.slice(before).map((m) => m.envelopeTo)).toEqual([['ada@example.com']]);
    expect(inbox.mails.at(-1)?.toAddresses).toEqual(['ada@example.com']);
  });
});

describe('the outbox sender', () => {
  const T0 = Date.UTC(2026, 3, 1, 9, 0, 0);
  let dir: string;
  let store: SqliteStore;
  let product: Product;
  let clock: number;
  let logged: string[];
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shop-outbox-'));
    clock = T0;
    store = openSqliteStore({ file: join(dir, 'shop.sqlite'), now: () => clock });
    product = await store.products.add(newProductSchema.parse({ name: 'Outboxed', price: 20 }));
    logged = [];
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const settings = (smtpUrl: string) => ({
    mail: {
      smtpUrl,
      from: 'Helix Peptides <support@helixpeptides.example>',
      staffInbox: 'staff@example.com',
      outboxDir: null,
    },
    shopUrl: 'https://shop.example.com',
    bankTransfer: null,
  });
  const mailing = (smtpUrl: string, deliver: 'before-answering' | 'in-background', maxAttempts?: number) =>
    withShopMail(store, settings(smtpUrl), deliver, {
      now: () => clock,
      log: (line) => logged.push(line),
      ...(maxAttempts ? { maxAttempts } : {}),
    });
  const placeThrough = (shop: Store, email = 'buyer@example.com') =>
    placeStoredOrder(shop.orders, product.id, 1, { email });
  const dueAt = async () => (await store.outbox.list('pending'))[0]?.dueAt?.seconds;

  it('leases an e-mail for longer than one send can take, so no live sender loses its lease mid-send', () => {
    expect(LONGEST_SEND_MS).toBeLessThan(OUTBOX_LEASE_MS);
  });

  it('retries with exponential backoff while the mail server is down, and delivers once it is up', async () => {
    const port = await freePort();
    const shop = mailing(`smtp://127.0.0.1:${port}`, 'before-answering');
    const order = await placeThrough(shop.store);
    expect(order.status).toBe('pending_payment');
    expect(await dueAt()).toBe(T0 / 1000 + 30);
    expect(logged[0]).toMatch(
      new RegExp(
        `could not send "Order ${order.number} received.*attempt 1 of 10.*trying again at 2026-04-01T09:00:30`,
      ),
    );

    clock = T0 + 29_999;
    expect(await shop.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    clock = T0 + 30_000;
    expect(await shop.drain()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await dueAt()).toBe(T0 / 1000 + 30 + 60);
    clock = T0 + 90_000;
    expect(await shop.drain()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await dueAt()).toBe(T0 / 1000 + 90 + 120);

    const inbox = await startSmtpInbox({ port });
    try {
      clock = T0 + 209_000;
      expect(await shop.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      clock = T0 + 210_000;
      expect(await shop.drain()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      const [sent] = await store.outbox.list('sent');
      expect(sent?.attempts).toBe(4);
      expect(inbox.mails.map((m) => [m.subject, m.messageId])).toEqual([
        [`Order ${order.number} received: your bank transfer details`, `<${sent!.id}@helixpeptides.example>`],
      ]);
      clock = T0 + 3_600_000;
      expect(await shop.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      expect(inbox.mails).toHaveLength(1);
    } finally {
      await inbox.close();
    }
  });

  it('resends an e-mail whose sender died between sending and recording it, under the same Message-ID', async () => {
    const inbox = await startSmtpInbox();
    try {
      const order = await placeStoredOrder(store.orders, product.id, 1);
      await store.orders.markPaid(order.id, { reference: null }, (o) => [
        {
          to: { name: '', address: o.email },
          subject: `Paid ${o.number}`,
          text: 'Paid',
          html: '<p>Paid</p>',
        },
      ]);
      // A sender whose process dies right after the mail server took the e-mail.
      const dying = outboxSender(
        {
          claimDue: (nowMs, limit) => store.outbox.claimDue(nowMs, limit),
          markSent: () => Promise.reject(new Error('killed')),
          markFailed: (...args) => store.outbox.markFailed(...args),
          list: (status) => store.outbox.list(status),
          enqueue: (mails) => store.outbox.enqueue(mails),
        },
        createMailer(settings(inbox.url).mail)!,
        { now: () => clock },
      );
      await expect(dying()).rejects.toThrow('killed');
      expect(inbox.mails).toHaveLength(1);
      const resend = withShopMail(store, settings(inbox.url), 'before-answering', { now: () => clock }).drain;
      expect((await resend()).sent).toBe(0);
      clock += OUTBOX_LEASE_MS;
      expect((await resend()).sent).toBe(1);
      const [first, second] = inbox.mails;
      expect(second?.subject).toBe(first?.subject);
      expect(second?.messageId).toBe(first?.messageId);
      expect((await store.outbox.list('sent')).map((e) => `<${e.id}@helixpeptides.example>`)).toEqual([
        first?.messageId,
      ]);
    } finally {
      await inbox.close();
    }
  });

  it('gives up after the last attempt, keeps the e-mail as failed and says so', async () => {
    const shop = mailing('smtp://127.0.0.1:1', 'before-answering', 3);
    const order = await placeThrough(shop.store);
    for (let i = 0; i < 4; i++) {
      clock += 6 * 60 * 60_000;
      await shop.drain();
    }
    expect(await store.outbox.list('pending')).toEqual([]);
    const [failed] = await store.outbox.list('failed');
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: expect.stringMatching(/ECONNREFUSED/),
    });
    expect(failed?.mail.subject).toBe(`Order ${order.number} received: your bank transfer details`);
    expect(logged.at(-1)).toContain(`(attempt 3 of 3)`);
    expect(logged.at(-1)).toContain(`given up, kept in the outbox as failed (${failed!.id})`);
    expect(logged).toHaveLength(3);
  });

  it('on a full disk, writes no .eml at all, keeps the e-mail, and writes it whole once there is room', async () => {
    const disk = join(dir, 'disk');
    mkdirSync(disk);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', disk]);
    try {
      const outboxDir = join(disk, 'outbox');
      const shop = withShopMail(
        store,
        { ...settings(''), mail: { ...settings('').mail, smtpUrl: null, outboxDir } },
        'before-answering',
        { now: () => clock, log: (line) => logged.push(line) },
      );
      const filler = join(disk, 'filler');
      expect(() => writeFileSync(filler, Buffer.alloc(1024 * 1024))).toThrow(/ENOSPC/);
      const order = await placeThrough(shop.store);
      expect(order.status).toBe('pending_payment');
      expect(logged.join('\n')).toMatch(/could not send "Order .* received.*ENOSPC/);
      const files = () => (existsSync(outboxDir) ? readdirSync(outboxDir) : []);
      expect(files()).toEqual([]);

      rmSync(filler);
      clock += 30_000;
      expect(await shop.drain()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      const [sent] = await store.outbox.list('sent');
      expect(files()).toEqual([`${sent!.id}.eml`]);
      const mail = await simpleParser(readFileSync(join(outboxDir, `${sent!.id}.eml`)));
      expect(mail.subject).toBe(`Order ${order.number} received: your bank transfer details`);
      expect(mail.text).toContain('For research use only.');
    } finally {
      execFileSync('umount', [disk]);
    }
  });

  it('in the background, answers while the mail server is slow and sends when it is ready', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const inbox = await startSmtpInbox({ accept: () => held });
    const shop = mailing(inbox.url, 'in-background');
    try {
      const order = await placeThrough(shop.store);
      expect(inbox.mails).toEqual([]);
      expect((await store.outbox.list('pending')).map((e) => e.attempts)).toEqual([1]);
      release();
      await expect
        .poll(() => inbox.mails.map((m) => m.subject), { timeout: 10_000 })
        .toEqual([`Order ${order.number} received: your bank transfer details`]);
      await expect.poll(async () => (await store.outbox.list('sent')).length).toBe(1);
    } finally {
      await shop.stop();
      await inbox.close();
    }
  });

  it('sends each e-mail once when two senders (the shop and a CLI command) drain one outbox together', async () => {
    const inbox = await startSmtpInbox();
    const other = openSqliteStore({ file: join(dir, 'shop.sqlite'), now: () => clock });
    try {
      const quiet = withShopMail(store, settings('smtp://127.0.0.1:1'), 'before-answering', {
        now: () => clock,
        log: () => undefined,
      });
      // Queued while the mail server was unreachable, and due again together.
      for (let i = 0; i < 12; i++) await placeThrough(quiet.store, `buyer${i}@example.com`);
      clock += 60 * 60_000;
      const senders = [store, other].map(
        (s) => withShopMail(s, settings(inbox.url), 'before-answering', { now: () => clock }).drain,
      );
      const results = await Promise.all([senders[0]!(), senders[1]!(), senders[0]!(), senders[1]!()]);
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(12);
      expect(new Set(inbox.mails.map((m) => m.messageId)).size).toBe(12);
      expect(inbox.mails).toHaveLength(12);
    } finally {
      await other.close();
      await inbox.close();
    }
  });
});
