import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlaceOrder, Store } from '../../shared/backend/store/port.js';
import { DEFAULT_ORDER_QUERY, type OrderListQuery } from '../../shared/domain/order-listing.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { SAMPLE_ADDRESS } from './order-store.contract.js';
import type { StoreFactory } from './product-store.contract.js';

const query = (q: Partial<OrderListQuery> = {}): OrderListQuery => ({ ...DEFAULT_ORDER_QUERY, ...q });

/** Staff's order pages: filters, days, search, sorts and paging, the same on every adapter. */
export function describeOrderListingContract(adapter: string, factory: StoreFactory): void {
  describe(`${adapter} store: order pages`, () => {
    let store: Store;
    let clock: number;
    let productId: string;
    let keys = 0;

    const place = async (quantity: number, overrides: Partial<PlaceOrder> = {}) =>
      (
        await store.orders.place({
          uid: 'user-a',
          email: 'ada@example.com',
          lines: [{ productId, quantity }],
          shippingAddress: SAMPLE_ADDRESS,
          paymentProvider: 'manual',
          idempotencyKey: `page-${String(++keys).padStart(16, '0')}`,
          ...overrides,
        })
      ).order;
    const ids = async (q: Partial<OrderListQuery>) =>
      (await store.orders.listPage(query(q))).orders.map((o) => o.id);

    beforeEach(async () => {
      clock = Date.UTC(2026, 3, 1, 9, 0, 0);
      store = await factory.open(() => clock);
      productId = (await store.products.add(newProductSchema.parse({ name: 'Paged', price: 10 }))).id;
    });
    afterEach(async () => {
      await store.close();
    });

    it('answers an empty first page when there are no orders', async () => {
      expect(await store.orders.listPage(query())).toEqual({
        orders: [],
        page: 1,
        perPage: DEFAULT_ORDER_QUERY.perPage,
        total: 0,
        totalPages: 0,
      });
    });

    it('pages orders newest first with the total, and answers the last page for a page past the end', async () => {
      const placed = [];
      for (let i = 0; i < 7; i++) {
        placed.push(await place(1));
        clock += 60_000;
      }
      const newest = placed.map((o) => o.id).reverse();
      const first = await store.orders.listPage(query({ perPage: 3 }));
      expect(first.orders.map((o) => o.id)).toEqual(newest.slice(0, 3));
      expect(first.orders[0]).toEqual(placed[6]);
      expect({ page: first.page, total: first.total, totalPages: first.totalPages }).toEqual({
        page: 1,
        total: 7,
        totalPages: 3,
      });
      expect(await ids({ perPage: 3, page: 2 })).toEqual(newest.slice(3, 6));
      const past = await store.orders.listPage(query({ perPage: 3, page: 9 }));
      expect({ page: past.page, ids: past.orders.map((o) => o.id) }).toEqual({
        page: 3,
        ids: newest.slice(6),
      });
      expect(await ids({ sort: 'oldest', perPage: 3, page: 3 })).toEqual([newest[0]]);
    });

    it('filters by status and by days, both ends included, counted in UTC', async () => {
      clock = Date.UTC(2026, 3, 1, 23, 59, 59, 999);
      const lateFirst = await place(1);
      clock = Date.UTC(2026, 3, 2, 0, 0, 0);
      const earlySecond = await place(1);
      clock = Date.UTC(2026, 3, 3, 12, 0, 0);
      const third = await place(1);
      clock += 1000;
      await store.orders.markPaid(earlySecond.id, { reference: null });
      await store.orders.markShipped((await store.orders.markPaid(third.id, { reference: null })).id, {
        carrier: 'UPS',
        number: '1Z',
      });

      expect(await ids({ from: '2026-04-02', to: '2026-04-02' })).toEqual([earlySecond.id]);
      expect(await ids({ from: '2026-04-02' })).toEqual([third.id, earlySecond.id]);
      expect(await ids({ to: '2026-04-01' })).toEqual([lateFirst.id]);
      expect(await ids({ status: 'paid' })).toEqual([earlySecond.id]);
      expect(await ids({ status: 'unshipped' })).toEqual([earlySecond.id, lateFirst.id]);
      expect(await ids({ status: 'unshipped', from: '2026-04-02' })).toEqual([earlySecond.id]);
      const shipped = await store.orders.listPage(query({ status: 'shipped', to: '2026-04-02' }));
      expect({ total: shipped.total, totalPages: shipped.totalPages, orders: shipped.orders }).toEqual({
        total: 0,
        totalPages: 0,
        orders: [],
      });
    });

    it('sorts by total either way, equal totals newest first, within a status', async () => {
      const small = await place(1);
      clock += 1000;
      const large = await place(5);
      clock += 1000;
      const middle = await place(3);
      clock += 1000;
      const smallToo = await place(1);
      expect(await ids({ sort: 'total-desc' })).toEqual([large.id, middle.id, smallToo.id, small.id]);
      expect(await ids({ sort: 'total-asc' })).toEqual([smallToo.id, small.id, middle.id, large.id]);
      expect(await ids({ sort: 'oldest' })).toEqual([small.id, large.id, middle.id, smallToo.id]);
      clock += 1000;
      await store.orders.markPaid(middle.id, { reference: null });
      await store.orders.markPaid(small.id, { reference: null });
      expect(await ids({ status: 'paid', sort: 'total-desc' })).toEqual([middle.id, small.id]);
      expect(await ids({ status: 'pending_payment', sort: 'total-asc', perPage: 1, page: 2 })).toEqual([
        large.id,
      ]);
    });

    it('searches the start of the number, the e-mail or the ship-to name in any case, or the whole id', async () => {
      const ada = await place(1);
      clock += 1000;
      const bob = await place(2, {
        uid: 'user-b',
        email: 'Bob@Example.com',
        shippingAddress: { ...SAMPLE_ADDRESS, fullName: 'Robert Tables' },
      });
      clock += 1000;
      const adaAgain = await place(3);

      expect(await ids({ q: 'bob@' })).toEqual([bob.id]);
      expect(await ids({ q: 'BOB@EXAMPLE.COM' })).toEqual([bob.id]);
      expect(await ids({ q: 'robert t' })).toEqual([bob.id]);
      expect(await ids({ q: 'ada' })).toEqual([adaAgain.id, ada.id]);
      expect(await ids({ q: ` ${ada.number.toLowerCase()} ` })).toEqual([ada.id]);
      expect(await ids({ q: ada.id })).toEqual([ada.id]);
      // Only the start of a field matches, and what a pattern would treat specially is plain text.
      expect(await ids({ q: 'example.com' })).toEqual([]);
      expect(await ids({ q: 'tables' })).toEqual([]);
      expect(await ids({ q: '%' })).toEqual([]);
      expect(await ids({ q: 'ada', sort: 'total-asc', perPage: 1 })).toEqual([ada.id]);
      await store.orders.markPaid(adaAgain.id, { reference: null });
      const paid = await store.orders.listPage(query({ q: 'ada', status: 'paid' }));
      expect({ ids: paid.orders.map((o) => o.id), total: paid.total }).toEqual({
        ids: [adaAgain.id],
        total: 1,
      });
    });

    it('puts the order whose number is searched for first, before newer orders shipping to a name that starts with it', async () => {
      const asked = await place(1);
      for (let i = 0; i < 26; i++) {
        clock += 1000;
        await place(1, { shippingAddress: { ...SAMPLE_ADDRESS, fullName: `${asked.number} decoy ${i}` } });
      }
      for (const sort of ['newest', 'oldest', 'total-desc', 'total-asc'] as const) {
        const page = await store.orders.listPage(query({ q: asked.number.toLowerCase(), sort }));
        expect(page.total).toBe(27);
        expect(page.orders[0]!.id).toBe(asked.id);
        expect(page.orders.filter((o) => o.id === asked.id)).toHaveLength(1);
      }
      const second = await store.orders.listPage(query({ q: asked.number, page: 2 }));
      expect(second.orders.map((o) => o.id)).not.toContain(asked.id);
      expect(second.orders).toHaveLength(2);
    });

    it('leaves e-mails out of a search for staff who may not read them, still matching number, name and id', async () => {
      const bob = await place(2, {
        uid: 'user-b',
        email: 'bob@example.com',
        shippingAddress: { ...SAMPLE_ADDRESS, fullName: 'Robert Tables' },
      });
      const noEmail = async (q: string) =>
        (await store.orders.listPage(query({ q }), { matchEmail: false })).orders.map((o) => o.id);
      expect(await ids({ q: 'bob' })).toEqual([bob.id]);
      expect(await noEmail('bob')).toEqual([]);
      expect(await noEmail('bob@example.com')).toEqual([]);
      expect((await store.orders.listPage(query({ q: 'b' }), { matchEmail: false })).total).toBe(0);
      expect(await noEmail('robert')).toEqual([bob.id]);
      expect(await noEmail(bob.number.toLowerCase())).toEqual([bob.id]);
      expect(await noEmail(bob.id)).toEqual([bob.id]);
    });

    it('moves the orders change token when an order is placed or changes, and keeps it while nothing does', async () => {
      const empty = await store.orders.changeToken();
      expect(await store.orders.changeToken()).toBe(empty);
      const placed = await place(1);
      const afterPlacing = await store.orders.changeToken();
      expect(afterPlacing).not.toBe(empty);
      expect(await store.orders.changeToken()).toBe(afterPlacing);
      clock += 1000;
      await store.orders.markPaid(placed.id, { reference: null });
      expect(await store.orders.changeToken()).not.toBe(afterPlacing);
    });
  });
}
