import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cancelOverdueOrders } from '../../shared/backend/orders/cancel-overdue.js';
import type { PlaceOrder, Store } from '../../shared/backend/store/port.js';
import type { ShippingAddress } from '../../shared/domain/address.js';
import { ShopError } from '../../shared/domain/errors.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { shippingConfigSchema } from '../../shared/domain/shipping-rates.js';
import { taxConfigSchema } from '../../shared/domain/tax-rates.js';
import { bankTransferPayments } from '../support/bank-transfer-payments.js';
import type { StoreFactory } from './product-store.contract.js';

export const SAMPLE_ADDRESS: ShippingAddress = {
  fullName: 'Ada Lovelace',
  line1: '12 St James Square',
  line2: '',
  city: 'Boston',
  state: 'MA',
  postalCode: '02116',
  country: 'US',
  phone: '6175550100',
};

let keys = 0;
const order = (lines: PlaceOrder['lines'], overrides: Partial<PlaceOrder> = {}): PlaceOrder => ({
  uid: 'user-a',
  email: 'ada@example.com',
  lines,
  shippingAddress: SAMPLE_ADDRESS,
  paymentProvider: 'manual',
  idempotencyKey: `key-${String(++keys).padStart(16, '0')}`,
  ...overrides,
});

/** The ShopError a promise rejects with; fails the test when it resolves or throws anything else. */
export async function rejection(promise: Promise<unknown>): Promise<ShopError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ShopError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

/** Orders and contact messages: the behaviour every store adapter must show. */
export function describeOrderStoreContract(adapter: string, factory: StoreFactory): void {
  describe(`${adapter} store: orders`, () => {
    let store: Store;
    let clock: number;
    const product = (name: string, price: number, stock: number | null = null) =>
      store.products.add(newProductSchema.parse({ name, price, stock }));

    beforeEach(async () => {
      clock = Date.UTC(2026, 3, 1, 9, 0, 0);
      store = await factory.open(() => clock);
    });
    afterEach(async () => {
      await store.close();
    });

    it('prices an order from the store, takes tracked stock and starts it awaiting payment', async () => {
      const bpc = await product('BPC-157', 39.99, 5);
      const water = await product('BAC water', 12.5);
      const { order: placed, created } = await store.orders.place(
        order([
          { productId: bpc.id, quantity: 2 },
          { productId: water.id, quantity: 1 },
        ]),
      );
      expect(created).toBe(true);
      expect(placed).toMatchObject({
        uid: 'user-a',
        email: 'ada@example.com',
        status: 'pending_payment',
        subtotalCents: 2 * 3999 + 1250,
        shippingCents: 1500,
        totalCents: 2 * 3999 + 1250 + 1500,
        shippingAddress: SAMPLE_ADDRESS,
        payment: { provider: 'manual', reference: null },
        tracking: null,
      });
      expect(placed.number).toMatch(/^HP-[0-9A-HJKMNP-TV-Z]{8}$/);
      expect(placed.lines).toEqual([
        {
          productId: bpc.id,
          variantId: bpc.variants[0]!.id,
          sku: '',
          options: {},
          name: 'BPC-157',
          imgUrl: '',
          unitPriceCents: 3999,
          quantity: 2,
          lineTotalCents: 7998,
        },
        {
          productId: water.id,
          variantId: water.variants[0]!.id,
          sku: '',
          options: {},
          name: 'BAC water',
          imgUrl: '',
          unitPriceCents: 1250,
          quantity: 1,
          lineTotalCents: 1250,
        },
      ]);
      expect(placed.statusHistory).toEqual([
        { status: 'pending_payment', at: placed.createdAt, note: 'Order placed' },
      ]);
      expect((await store.products.get(bpc.id))?.stock).toBe(3);
      expect((await store.products.get(water.id))?.stock).toBeNull();
      expect(await store.orders.get(placed.id)).toEqual(placed);
    });

    it('ships free from the threshold up', async () => {
      const big = await product('Tirzepatide', 100);
      const { order: placed } = await store.orders.place(order([{ productId: big.id, quantity: 2 }]));
      expect(placed).toMatchObject({ subtotalCents: 20000, shippingCents: 0, totalCents: 20000 });
    });

    it('taxes a region by its stored code only, and keeps an older order’s region text as it was typed', async () => {
      const vial = await product('Regional vial', 100);
      const rates = {
        shipping: shippingConfigSchema.parse({
          zones: [
            { id: 'us', name: 'US', countries: ['US'], rates: [{ id: 'g', label: 'Ground', amount: 0 }] },
          ],
        }),
        tax: taxConfigSchema.parse({ rates: [{ country: 'US', region: 'CA', ratePercent: 10 }] }),
      };
      const la = { ...SAMPLE_ADDRESS, city: 'Los Angeles', postalCode: '90012' };
      const coded = await store.orders.place(
        order([{ productId: vial.id, quantity: 1 }], { shippingAddress: { ...la, state: 'CA' }, rates }),
      );
      expect(coded.order.taxCents).toBe(1000);
      const typed = await store.orders.place(
        order([{ productId: vial.id, quantity: 1 }], {
          shippingAddress: { ...la, state: 'California' },
          rates,
        }),
      );
      expect(typed.order.taxCents).toBe(0);
      expect((await store.orders.get(typed.order.id))?.shippingAddress.state).toBe('California');
    });

    it('refuses unavailable or missing products, naming them, and writes nothing', async () => {
      const ok = await product('Available one', 10, 3);
      const paused = await product('Paused one', 10);
      await store.products.setAvailability(paused.id, false);
      const error = await rejection(
        store.orders.place(
          order([
            { productId: ok.id, quantity: 1 },
            { productId: paused.id, quantity: 1 },
          ]),
        ),
      );
      expect(error.code).toBe('unavailable');
      expect(error.message).toBe('No longer available: Paused one');
      expect(error.details?.productIds).toEqual([paused.id]);
      const missing = await rejection(store.orders.place(order([{ productId: 'gone', quantity: 1 }])));
      expect(missing.code).toBe('unavailable');
      expect((await store.products.get(ok.id))?.stock).toBe(3);
      expect(await store.orders.list({ filter: 'all' })).toEqual([]);
    });

    it('refuses more than the tracked stock and writes nothing', async () => {
      const a = await product('Plenty', 10, 10);
      const b = await product('Scarce', 10, 1);
      const error = await rejection(
        store.orders.place(
          order([
            { productId: a.id, quantity: 4 },
            { productId: b.id, quantity: 2 },
          ]),
        ),
      );
      expect(error.code).toBe('out-of-stock');
      expect(error.message).toBe('Not enough stock: only 1 of Scarce left');
      expect((await store.products.get(a.id))?.stock).toBe(10);
      expect(await store.orders.list({ filter: 'all' })).toEqual([]);
    });

    it('lets only one of 20 concurrent orders take the last unit', async () => {
      const last = await product('Last unit', 50, 1);
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          store.orders.place(order([{ productId: last.id, quantity: 1 }], { uid: `racer-${i}` })),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
        expect((r.reason as ShopError).code).toBe('out-of-stock');
      }
      expect((await store.products.get(last.id))?.stock).toBe(0);
      expect(await store.orders.list({ filter: 'all' })).toHaveLength(1);
    });

    it('returns the same order for a repeated idempotency key of the same user, without taking stock twice', async () => {
      const p = await product('Idempotent', 20, 5);
      const request = order([{ productId: p.id, quantity: 2 }]);
      const first = await store.orders.place(request);
      const again = await store.orders.place(request);
      expect(again).toEqual({ order: first.order, created: false });
      expect((await store.products.get(p.id))?.stock).toBe(3);
      const otherUser = await store.orders.place({ ...request, uid: 'user-b' });
      expect(otherUser.created).toBe(true);
    });

    it('refuses a repeated idempotency key with a different request, writing nothing, and takes the same one in any line order', async () => {
      const a = await product('Keyed A', 20, 5);
      const b = await product('Keyed B', 10, 5);
      const request = order([
        { productId: a.id, quantity: 2 },
        { productId: b.id, quantity: 1 },
      ]);
      const first = await store.orders.place(request);
      const changed: Partial<PlaceOrder>[] = [
        { lines: [{ productId: a.id, quantity: 3 }, request.lines[1]!] },
        { lines: [request.lines[0]!] },
        { shippingAddress: { ...SAMPLE_ADDRESS, line1: '1 Elsewhere Road' } },
        { paymentProvider: 'stripe' },
      ];
      for (const change of changed) {
        const refused = await rejection(store.orders.place({ ...request, ...change }));
        expect(refused.code).toBe('idempotency-mismatch');
        expect(refused.message).toMatch(/already used for a different order/);
      }
      const reordered = await store.orders.place({ ...request, lines: [...request.lines].reverse() });
      expect(reordered).toEqual({ order: first.order, created: false });
      expect(await store.orders.list({ filter: 'all' })).toHaveLength(1);
      expect((await store.products.get(a.id))?.stock).toBe(3);
    });

    it('lists a user’s orders newest first, and filters and searches all orders', async () => {
      const p = await product('Listed', 10);
      const first = (await store.orders.place(order([{ productId: p.id, quantity: 1 }]))).order;
      clock += 1000;
      const second = (await store.orders.place(order([{ productId: p.id, quantity: 1 }]))).order;
      clock += 1000;
      const other = (
        await store.orders.place(
          order([{ productId: p.id, quantity: 1 }], { uid: 'user-b', email: 'Bob@Example.com' }),
        )
      ).order;
      expect((await store.orders.listForUser('user-a')).map((o) => o.id)).toEqual([second.id, first.id]);
      await store.orders.markPaid(second.id, { reference: null });
      expect((await store.orders.list({ filter: 'paid' })).map((o) => o.id)).toEqual([second.id]);
      expect((await store.orders.list({ filter: 'unshipped' })).map((o) => o.id)).toEqual([
        other.id,
        second.id,
        first.id,
      ]);
      expect((await store.orders.list({ filter: 'all', search: 'bob@' })).map((o) => o.id)).toEqual([
        other.id,
      ]);
      expect(
        (await store.orders.list({ filter: 'all', search: first.number.toLowerCase() })).map((o) => o.id),
      ).toEqual([first.id]);
      expect(await store.orders.list({ filter: 'all', search: '%' })).toEqual([]);
    });

    it('moves through paid and shipped, recording each change, and refuses moves out of order', async () => {
      const p = await product('Lifecycle', 10);
      const { order: placed } = await store.orders.place(order([{ productId: p.id, quantity: 1 }]));
      await expect(store.orders.markShipped(placed.id, { carrier: 'UPS', number: '1Z999' })).rejects.toThrow(
        /awaiting payment and cannot be marked shipped/,
      );
      clock += 60_000;
      const paid = await store.orders.markPaid(placed.id, { reference: 'bank-123' });
      expect(paid.status).toBe('paid');
      expect(paid.payment.reference).toBe('bank-123');
      expect(await store.orders.markPaid(placed.id, { reference: 'bank-123' })).toEqual(paid);
      clock += 60_000;
      const shipped = await store.orders.markShipped(placed.id, { carrier: 'UPS', number: '1Z999' });
      expect(shipped.tracking).toEqual({ carrier: 'UPS', number: '1Z999' });
      expect(shipped.statusHistory.map((h) => h.status)).toEqual(['pending_payment', 'paid', 'shipped']);
      expect(shipped.updatedAt.seconds).toBe(placed.createdAt.seconds + 120);
      await expect(store.orders.cancel(placed.id)).rejects.toThrow(/shipped and cannot be marked cancelled/);
      await expect(store.orders.markPaid('nope', { reference: null })).rejects.toThrow('Order not found');
    });

    it('keeps a staff note beside the note the shopper reads, and reads it back', async () => {
      const p = await product('Staff noted', 10);
      const { order: placed } = await store.orders.place(order([{ productId: p.id, quantity: 1 }]));
      await store.orders.markPaid(placed.id, {
        reference: null,
        staffNote: 'Marked paid by ops@example.com',
      });
      const history = (await store.orders.get(placed.id))?.statusHistory ?? [];
      expect(history.map(({ at: _at, ...change }) => change)).toEqual([
        { status: 'pending_payment', note: 'Order placed' },
        { status: 'paid', note: 'Payment received', staffNote: 'Marked paid by ops@example.com' },
      ]);
    });

    it('cancels on the expiry of the Checkout Session it waits on, restocking, and ignores an older one', async () => {
      const tracked = await product('Expiring', 10, 3);
      const { order: placed } = await store.orders.place(
        order([{ productId: tracked.id, quantity: 2 }], { paymentProvider: 'stripe' }),
      );
      await store.orders.setPaymentReference(placed.id, 'cs_new');
      const waiting = await store.orders.get(placed.id);
      clock += 60_000;
      expect(await store.orders.transition(placed.id, { type: 'expire', sessionId: 'cs_old' })).toEqual(
        waiting,
      );
      expect((await store.products.get(tracked.id))?.stock).toBe(1);
      const expired = await store.orders.transition(placed.id, { type: 'expire', sessionId: 'cs_new' });
      expect(expired.status).toBe('cancelled');
      expect(expired.statusHistory.at(-1)?.note).toMatch(/Stripe Checkout Session expired/);
      expect((await store.products.get(tracked.id))?.stock).toBe(3);
      expect(await store.orders.transition(placed.id, { type: 'expire', sessionId: 'cs_new' })).toEqual(
        expired,
      );
      expect((await store.products.get(tracked.id))?.stock).toBe(3);
    });

    it('writes nothing for a refused transition, not even the stock of a shopper cancelling a paid order', async () => {
      const tracked = await product('Kept', 10, 3);
      const { order: placed } = await store.orders.place(order([{ productId: tracked.id, quantity: 1 }]));
      const paid = await store.orders.markPaid(placed.id, { reference: null });
      clock += 60_000;
      const refused = await rejection(store.orders.transition(placed.id, { type: 'cancel', by: 'shopper' }));
      expect([refused.code, refused.message]).toEqual([
        'conflict',
        `Order ${placed.number} is paid; write to us to cancel it`,
      ]);
      expect(await store.orders.get(placed.id)).toEqual(paid);
      expect((await store.products.get(tracked.id))?.stock).toBe(2);
      expect((await rejection(store.orders.transition('nope', { type: 'cancel', by: 'staff' }))).code).toBe(
        'not-found',
      );
    });

    it('puts tracked stock back when an order is cancelled', async () => {
      const tracked = await product('Restocked', 10, 4);
      const untracked = await product('Untracked', 10);
      const { order: placed } = await store.orders.place(
        order([
          { productId: tracked.id, quantity: 3 },
          { productId: untracked.id, quantity: 2 },
        ]),
      );
      expect((await store.products.get(tracked.id))?.stock).toBe(1);
      await store.products.update(untracked.id, { stock: 7 });
      const cancelled = await store.orders.cancel(placed.id, 'Customer asked');
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.statusHistory.at(-1)?.note).toBe('Customer asked');
      expect((await store.products.get(tracked.id))?.stock).toBe(4);
      expect((await store.products.get(untracked.id))?.stock).toBe(7);
    });

    it('cancels bank-transfer orders unpaid past the deadline their hold gave them (48 h unless set), giving their stock back, and nothing else', async () => {
      const stocked = await product('Reserved', 10, 6);
      const take = (quantity: number, overrides: Partial<PlaceOrder> = {}) =>
        store.orders.place(order([{ productId: stocked.id, quantity }], overrides)).then((r) => r.order);
      const hour = 60 * 60 * 1000;
      const placedAt = clock;
      const unpaid = await take(2);
      const shortHold = await take(1, { unpaid: { holdHours: 12, maxPerAccount: 10, maxUnitsPerSize: 20 } });
      const paid = await take(1);
      await store.orders.markPaid(paid.id, { reference: null });
      const byCard = await take(1, { paymentProvider: 'stripe' });
      clock += 60_000;
      const younger = await take(1);
      expect((await store.products.get(stocked.id))?.stock).toBe(0);
      expect(unpaid.payment.dueBy).toEqual({ seconds: (placedAt + 48 * hour) / 1000, nanoseconds: 0 });
      expect(byCard.payment.dueBy).toBeUndefined();

      const sweep = { orders: store.orders, payments: bankTransferPayments(store) };
      expect(await cancelOverdueOrders(sweep, placedAt + 12 * hour - 1)).toEqual([]);
      expect((await cancelOverdueOrders(sweep, placedAt + 12 * hour)).map((o) => o.number)).toEqual([
        shortHold.number,
      ]);
      expect(await cancelOverdueOrders(sweep, placedAt + 48 * hour - 1)).toEqual([]);
      clock = placedAt + 48 * hour;
      const cancelled = await cancelOverdueOrders(sweep, clock);
      expect(cancelled.map((o) => o.number)).toEqual([unpaid.number]);
      expect(cancelled[0]?.statusHistory.at(-1)?.note).toBe(
        'No payment received by the payment deadline; the items went back on sale',
      );
      expect((await store.products.get(stocked.id))?.stock).toBe(3);
      const statusOf = async (o: { id: string }) => (await store.orders.get(o.id))?.status;
      expect([await statusOf(paid), await statusOf(byCard), await statusOf(younger)]).toEqual([
        'paid',
        'pending_payment',
        'pending_payment',
      ]);
      expect(await cancelOverdueOrders(sweep, clock)).toEqual([]);
    });

    it('finds an order by its payment reference', async () => {
      const p = await product('Card paid', 10);
      const { order: placed } = await store.orders.place(
        order([{ productId: p.id, quantity: 1 }], { paymentProvider: 'stripe' }),
      );
      await store.orders.setPaymentReference(placed.id, 'cs_test_123');
      expect((await store.orders.findByPaymentReference('stripe', 'cs_test_123'))?.id).toBe(placed.id);
      expect(await store.orders.findByPaymentReference('manual', 'cs_test_123')).toBeNull();
    });

    it('changes the catalogue change token when an order takes stock', async () => {
      const p = await product('Token', 10, 2);
      const before = await store.products.changeToken();
      await store.orders.place(order([{ productId: p.id, quantity: 1 }]));
      expect(await store.products.changeToken()).not.toBe(before);
    });
  });

  describe(`${adapter} store: contact messages`, () => {
    it('keeps messages, newest first', async () => {
      let clock = 1_000_000;
      const store = await factory.open(() => clock);
      const first = await store.messages.add({
        name: 'Ada',
        email: 'ada@example.com',
        message: 'Is BPC-157 in stock?',
        uid: null,
      });
      clock += 5000;
      const second = await store.messages.add({
        name: 'Bob',
        email: 'bob@example.com',
        message: 'Do you ship to Canada?',
        uid: 'u1',
      });
      expect(first.id).toMatch(/^[A-Za-z0-9]{20}$/);
      expect((await store.messages.list()).map((m) => [m.name, m.uid])).toEqual([
        ['Bob', 'u1'],
        ['Ada', null],
      ]);
      expect(second.createdAt).toEqual({ seconds: 1005, nanoseconds: 0 });
      await store.close();
    });
  });
}
