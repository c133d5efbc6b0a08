import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderPagesPlaced } from '../../shared/backend/orders/order-pages.js';
import { markOrdersSeen, ordersSeenAt, unseenOrders } from '../../shared/backend/orders/orders-seen.js';
import { shipManyFromCsv } from '../../shared/backend/orders/ship-many.js';
import type { Store } from '../../shared/backend/store/port.js';
import type { Order } from '../../shared/domain/order.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { SAMPLE_ADDRESS } from './order-store.contract.js';
import type { StoreFactory } from './product-store.contract.js';

/** Staff's work on many orders (export, new-order badge, shipping from a CSV), the same on every adapter. */
export function describeOrderWorkflowContract(adapter: string, factory: StoreFactory): void {
  describe(`${adapter} store: orders workflow`, () => {
    let store: Store;
    let clock: number;
    let productId: string;
    let keys = 0;

    /** An order placed now, the clock then moving on by `hours`. */
    const place = async (hours = 8): Promise<Order> => {
      const { order } = await store.orders.place({
        uid: 'user-a',
        email: 'ada@example.com',
        lines: [{ productId, quantity: 1 }],
        shippingAddress: SAMPLE_ADDRESS,
        paymentProvider: 'manual',
        idempotencyKey: `flow-${String(++keys).padStart(16, '0')}`,
      });
      clock += hours * 3_600_000;
      return order;
    };

    beforeEach(async () => {
      clock = Date.UTC(2026, 10, 1, 1, 0, 0);
      store = await factory.open(() => clock);
      productId = (await store.products.add(newProductSchema.parse({ name: 'Workflow', price: 10 }))).id;
    });
    afterEach(async () => {
      await store.close();
    });

    it('reads the orders placed on the days asked, oldest first, a page at a time, none twice', async () => {
      const placed = [];
      for (let i = 0; i < 8; i++) placed.push(await place()); // three a day from 1 November, 01:00 UTC
      const read = async (from: string, to: string) => {
        const pages: string[][] = [];
        for await (const page of orderPagesPlaced(store.orders, { from, to }, 2))
          pages.push(page.map((o) => o.id));
        return pages;
      };
      const nov2 = await read('2026-11-02', '2026-11-02');
      expect(nov2).toEqual([[placed[3]!.id, placed[4]!.id], [placed[5]!.id]]);
      expect((await read('', '')).flat()).toEqual(placed.map((o) => o.id));
      expect((await read('2026-11-02', '')).flat()).toEqual(placed.slice(3).map((o) => o.id));
      expect(await read('2026-10-01', '2026-10-31')).toEqual([]);
    });

    it('counts the orders placed since each member of staff last viewed them, kept in the store', async () => {
      expect(await unseenOrders(store, null)).toEqual({ count: 0, more: false, newest: null, seenAt: null });
      await place(1);
      await place(1);
      await markOrdersSeen(store, 'staff-a', clock);
      clock += 1000;
      await place(1);
      const newest = await place(1);
      const seenAt = await ordersSeenAt(store, 'staff-a');
      expect(seenAt).toBe(clock - 2 * 3_600_000 - 1000);
      expect(await unseenOrders(store, seenAt)).toEqual({
        count: 2,
        more: false,
        newest: { id: newest.id, number: newest.number },
        seenAt,
      });
      expect(await ordersSeenAt(store, 'staff-b')).toBeNull();
      expect((await unseenOrders(store, null)).count).toBe(4);
    });

    it('gets orders by a list of numbers in any case, leaving out the numbers no order has', async () => {
      const [a, b, c] = [await place(), await place(), await place()];
      const found = await store.orders.getByNumbers([
        a.number,
        ` ${b.number.toLowerCase()} `,
        a.number,
        'HP-00000000',
        'HP-../x',
        '',
      ]);
      expect([...found.keys()].sort()).toEqual([a.number, b.number].sort());
      expect(found.get(b.number)).toEqual(b);
      expect(found.has(c.number)).toBe(false);
      expect((await store.orders.getByNumbers([])).size).toBe(0);
      // more numbers than one read of either adapter asks for
      const many = await store.orders.getByNumbers([
        ...Array.from({ length: 700 }, (_, i) => `HP-${String(i).padStart(8, '0')}`),
        c.number,
      ]);
      expect([...many.keys()]).toEqual([c.number]);
    });

    it('ships an order from a CSV by its exact number, however many ship-to names equal that number', async () => {
      const paid = await store.orders.markPaid((await place()).id, { reference: null });
      for (let i = 0; i < 26; i++)
        await store.orders.place({
          uid: 'decoy',
          email: 'decoy@example.com',
          lines: [{ productId, quantity: 1 }],
          shippingAddress: { ...SAMPLE_ADDRESS, fullName: paid.number },
          paymentProvider: 'manual',
          idempotencyKey: `decoy-${String(i).padStart(16, '0')}`,
        });
      const report = await shipManyFromCsv(
        store.orders,
        `order,tracking\n${paid.number},1Z999AA10123456784\n`,
      );
      expect(report).toMatchObject({ shipped: 1, rejected: 0 });
      expect((await store.orders.get(paid.id))!.status).toBe('shipped');
    });

    it('ships the paid orders a CSV names through the shipping transition, none while a row is rejected', async () => {
      const paid = await store.orders.markPaid((await place()).id, { reference: null });
      const unpaid = await place();
      const csv = `order,tracking,carrier\n${paid.number},1Z999AA10123456784,UPS\n${unpaid.number},1Z999AA1,UPS\n`;
      const refused = await shipManyFromCsv(store.orders, csv);
      expect(refused.rows.map((r) => r.outcome)).toEqual(['not written', 'rejected']);
      expect((await store.orders.get(paid.id))!.status).toBe('paid');

      const report = await shipManyFromCsv(store.orders, csv, { skipInvalid: true });
      expect(report).toMatchObject({ shipped: 1, rejected: 1, written: true });
      const shipped = (await store.orders.get(paid.id))!;
      expect(shipped.status).toBe('shipped');
      expect(shipped.tracking).toEqual({ carrier: 'UPS', number: '1Z999AA10123456784' });
      expect((await shipManyFromCsv(store.orders, csv, { skipInvalid: true })).rows[0]).toMatchObject({
        outcome: 'rejected',
        error: `column order: ${paid.number} is shipped; only a paid order can be shipped`,
      });
    });
  });
}
