import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  OUTBOX_LEASE_MS,
  type OutboxMail,
  type PlaceOrder,
  type Store,
} from '../../shared/backend/store/port.js';
import type { ShopError } from '../../shared/domain/errors.js';
import type { Order } from '../../shared/domain/order.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { SAMPLE_ADDRESS } from './order-store.contract.js';
import type { StoreFactory } from './product-store.contract.js';

export interface OutboxStoreFactory extends StoreFactory {
  /** A second connection to the store opened last, as another process (a CLI command) has it. */
  openAgain(now: () => number): Promise<Store>;
}

let keys = 0;
const request = (productId: string, quantity: number): PlaceOrder => ({
  uid: 'user-outbox',
  email: 'ada@example.com',
  lines: [{ productId, quantity }],
  shippingAddress: SAMPLE_ADDRESS,
  paymentProvider: 'manual',
  idempotencyKey: `outbox-key-${String(++keys).padStart(12, '0')}`,
});

const mailAbout =
  (what: string) =>
  (order: Order): OutboxMail[] => [
    {
      to: { name: '', address: order.email },
      subject: `${what} ${order.number}`,
      text: `${what}\n`,
      html: `<p>${what}</p>`,
    },
  ];

/** The outbox: e-mails committed with the change that causes them, claimed under a lease. */
export function describeOutboxStoreContract(adapter: string, factory: OutboxStoreFactory): void {
  describe(`${adapter} store: outbox`, () => {
    let store: Store;
    let clock: number;
    const subjects = async () => (await store.outbox.list()).map((e) => e.mail.subject);
    const product = (stock: number | null = 5) =>
      store.products.add(newProductSchema.parse({ name: `Outboxed ${++keys}`, price: 20, stock }));

    beforeEach(async () => {
      clock = Date.UTC(2026, 3, 1, 9, 0, 0);
      store = await factory.open(() => clock);
    });
    afterEach(async () => {
      await store.close();
    });

    it('keeps a placed order’s e-mail as given, due at once, in the same write as the order', async () => {
      const p = await product();
      const mail = {
        to: { name: '', address: 'ada@example.com' },
        replyTo: { name: 'Staff', address: 'staff@example.com' },
        subject: 'Order received',
        text: 'Thank you.\n',
        html: '<p>Thank you.</p>',
      };
      const { order } = await store.orders.place(request(p.id, 1), () => [mail]);
      const [entry, ...rest] = await store.outbox.list();
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({
        mail,
        status: 'pending',
        attempts: 0,
        lastError: null,
        createdAt: { seconds: clock / 1000, nanoseconds: 0 },
        dueAt: { seconds: clock / 1000, nanoseconds: 0 },
      });
      expect(order.status).toBe('pending_payment');
      const claimed = await store.outbox.claimDue(clock, 10);
      expect(claimed).toEqual([{ id: entry!.id, mail, attempts: 1, lease: expect.any(String) }]);
    });

    it('queues an e-mail of its own (no change behind it), due at once', async () => {
      const mail = {
        to: { name: '', address: 'ada@example.com' },
        subject: 'Choose a new password',
        text: 'Follow the link.\n',
        html: '<p>Follow the link.</p>',
      };
      await store.outbox.enqueue([mail]);
      expect(await store.outbox.list()).toEqual([
        expect.objectContaining({
          mail,
          status: 'pending',
          dueAt: { seconds: clock / 1000, nanoseconds: 0 },
        }),
      ]);
      expect((await store.outbox.claimDue(clock, 10)).map((c) => c.mail)).toEqual([mail]);
    });

    it('queues nothing for a refused order, a repeated idempotency key or a change that changes nothing', async () => {
      const p = await product(1);
      const refused = await store.orders
        .place(request(p.id, 2), mailAbout('Placed'))
        .catch((error: unknown) => error);
      expect((refused as ShopError).code).toBe('out-of-stock');
      const once = request(p.id, 1);
      const { order } = await store.orders.place(once, mailAbout('Placed'));
      clock += 1000;
      expect((await store.orders.place(once, mailAbout('Placed again'))).created).toBe(false);
      await store.orders.markPaid(order.id, { reference: 'WIRE-1' }, mailAbout('Paid'));
      clock += 1000;
      await store.orders.markPaid(order.id, { reference: 'WIRE-1' }, mailAbout('Paid again'));
      await store.orders.markShipped(order.id, { carrier: 'UPS', number: '1Z' }, mailAbout('Shipped'));
      const shippedAgain = await store.orders
        .markShipped(order.id, { carrier: 'UPS', number: '1Z' }, mailAbout('Shipped again'))
        .catch((error: unknown) => error);
      expect((shippedAgain as ShopError).code).toBe('conflict');
      expect(await subjects()).toEqual([
        `Placed ${order.number}`,
        `Paid ${order.number}`,
        `Shipped ${order.number}`,
      ]);
    });

    it('commits a change only with its e-mails: when they cannot be written, neither is the change', async () => {
      const p = await product(3);
      const broken = () => {
        throw new Error('cannot render');
      };
      await expect(store.orders.place(request(p.id, 2), broken)).rejects.toThrow('cannot render');
      expect(await store.orders.list({ filter: 'all' })).toEqual([]);
      expect((await store.products.get(p.id))?.stock).toBe(3);
      const { order } = await store.orders.place(request(p.id, 2));
      await expect(store.orders.cancel(order.id, 'No', broken)).rejects.toThrow('cannot render');
      expect((await store.orders.get(order.id))?.status).toBe('pending_payment');
      expect((await store.products.get(p.id))?.stock).toBe(1);
      await expect(
        store.messages.add({ name: 'Ada', email: 'ada@example.com', message: 'Hello', uid: null }, broken),
      ).rejects.toThrow('cannot render');
      expect(await store.messages.list()).toEqual([]);
      expect(await store.outbox.list()).toEqual([]);
    });

    it('queues a cancelled order’s e-mail with the restock, and a contact message’s forward with it', async () => {
      const p = await product(2);
      const { order } = await store.orders.place(request(p.id, 2));
      await store.orders.cancel(order.id, 'Changed my mind', mailAbout('Cancelled'));
      clock += 1000;
      const message = await store.messages.add(
        { name: 'Ada', email: 'ada@example.com', message: 'Hello', uid: null },
        (m) => [
          {
            to: { name: '', address: 'staff@example.com' },
            subject: `Contact ${m.id}`,
            text: m.message,
            html: '',
          },
        ],
      );
      expect(await subjects()).toEqual([`Cancelled ${order.number}`, `Contact ${message.id}`]);
      expect((await store.products.get(p.id))?.stock).toBe(2);
    });

    it('lists e-mails in the order they were queued, several of one change included', async () => {
      const p = await product(null);
      const three = (order: Order) =>
        ['first', 'second', 'third'].map((s) => ({
          to: { name: '', address: order.email },
          subject: s,
          text: s,
          html: s,
        }));
      await store.orders.place(request(p.id, 1), three);
      clock += 1;
      await store.orders.place(request(p.id, 1), mailAbout('later'));
      expect((await subjects()).slice(0, 3)).toEqual(['first', 'second', 'third']);
      const ids = (await store.outbox.list()).map((e) => e.id);
      expect([...ids].sort()).toEqual(ids);
    });

    it('leases what it claims: no second claim gets it until the lease runs out, then it is due again', async () => {
      const p = await product(null);
      await store.orders.place(request(p.id, 1), mailAbout('Leased'));
      const [first] = await store.outbox.claimDue(clock, 10);
      expect(first?.attempts).toBe(1);
      expect(await store.outbox.claimDue(clock + OUTBOX_LEASE_MS - 1, 10)).toEqual([]);
      const [again] = await store.outbox.claimDue(clock + OUTBOX_LEASE_MS, 10);
      expect(again).toMatchObject({ id: first!.id, attempts: 2 });
      expect(again!.lease).not.toBe(first!.lease);
    });

    it('claims only what is due, oldest due first, at most `limit`', async () => {
      const p = await product(null);
      for (const subject of ['a', 'b', 'c']) {
        await store.orders.place(request(p.id, 1), mailAbout(subject));
        clock += 1000;
      }
      expect(await store.outbox.claimDue(Date.UTC(2026, 3, 1, 8, 59, 59), 10)).toEqual([]);
      const claimed = await store.outbox.claimDue(clock, 2);
      expect(claimed.map((c) => c.mail.subject.split(' ')[0])).toEqual(['a', 'b']);
      expect((await store.outbox.claimDue(clock, 10)).map((c) => c.mail.subject.split(' ')[0])).toEqual([
        'c',
      ]);
    });

    it('never hands one e-mail to two senders claiming at the same time', async () => {
      const p = await product(null);
      for (let i = 0; i < 12; i++) await store.orders.place(request(p.id, 1), mailAbout(`m${i}`));
      const other = await factory.openAgain(() => clock);
      try {
        const claims = await Promise.all(
          [store, other, store, other].map((s) => s.outbox.claimDue(clock, 4)),
        );
        const ids = claims.flat().map((c) => c.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.length).toBe(12);
      } finally {
        await other.close();
      }
    });

    it('schedules a failed send for retry, keeps it as failed when given up on, and never sends a sent one again', async () => {
      const p = await product(null);
      for (const subject of ['retried', 'given-up', 'sent']) {
        await store.orders.place(request(p.id, 1), mailAbout(subject));
        clock += 1;
      }
      const [retried, givenUp, sent] = await store.outbox.claimDue(clock, 10);
      await store.outbox.markFailed(retried!.id, retried!.lease, {
        retryAt: clock + 30_000,
        error: 'connection refused',
      });
      await store.outbox.markFailed(givenUp!.id, givenUp!.lease, { retryAt: null, error: 'mailbox full' });
      await store.outbox.markSent(sent!.id);

      expect(await store.outbox.list('failed')).toEqual([
        expect.objectContaining({
          id: givenUp!.id,
          status: 'failed',
          attempts: 1,
          lastError: 'mailbox full',
          dueAt: null,
        }),
      ]);
      expect(await store.outbox.list('sent')).toEqual([
        expect.objectContaining({ id: sent!.id, status: 'sent', dueAt: null }),
      ]);
      expect(await store.outbox.list('pending')).toEqual([
        expect.objectContaining({
          id: retried!.id,
          lastError: 'connection refused',
          dueAt: {
            seconds: Math.floor((clock + 30_000) / 1000),
            nanoseconds: ((clock + 30_000) % 1000) * 1e6,
          },
        }),
      ]);
      expect(await store.outbox.claimDue(clock + 29_999, 10)).toEqual([]);
      const later = await store.outbox.claimDue(clock + 10 * OUTBOX_LEASE_MS, 10);
      expect(later.map((c) => [c.id, c.attempts])).toEqual([[retried!.id, 2]]);
    });

    it('ignores a failure reported under a lease that ran out and passed to another sender', async () => {
      const p = await product(null);
      await store.orders.place(request(p.id, 1), mailAbout('Slow'));
      const [stale] = await store.outbox.claimDue(clock, 1);
      const [current] = await store.outbox.claimDue(clock + OUTBOX_LEASE_MS, 1);
      await store.outbox.markFailed(stale!.id, stale!.lease, { retryAt: null, error: 'timed out' });
      expect(await store.outbox.list('pending')).toEqual([
        expect.objectContaining({ id: current!.id, attempts: 2, lastError: null }),
      ]);
      await store.outbox.markSent(current!.id);
      expect((await store.outbox.list('sent')).map((e) => e.id)).toEqual([current!.id]);
    });

    it('keeps the outbox when the shop’s data is cleared: those e-mails are owed to people', async () => {
      const p = await product(null);
      await store.orders.place(request(p.id, 1), mailAbout('Owed'));
      await store.clear();
      expect((await store.outbox.list()).map((e) => e.status)).toEqual(['pending']);
    });
  });
}
