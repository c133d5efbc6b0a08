import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlaceOrder, Store } from '../../shared/backend/store/port.js';
import { type Attested, TERMS_VERSION } from '../../shared/domain/compliance.js';
import { DEFAULT_ORDER_QUERY } from '../../shared/domain/order-listing.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { timestampFromMillis } from '../../shared/domain/timestamp.js';
import { SAMPLE_ADDRESS } from './order-store.contract.js';
import type { StoreFactory } from './product-store.contract.js';

const ATTESTED: Attested = { adult: true, researchUse: true, minimumAge: 21, termsVersion: TERMS_VERSION };

let keys = 0;

/** What a shopper attested at checkout, kept with the order: the behaviour every store adapter must show. */
export function describeComplianceRecordContract(
  adapter: string,
  factory: StoreFactory & { openAgain(now: () => number): Promise<Store> },
): void {
  describe(`${adapter} store: compliance on record`, () => {
    let store: Store;
    let clock: number;
    let productId: string;
    const place = (compliance?: Attested) => {
      const request: PlaceOrder = {
        uid: 'user-compliance',
        email: 'ada@example.com',
        lines: [{ productId, quantity: 1 }],
        shippingAddress: SAMPLE_ADDRESS,
        paymentProvider: 'manual',
        idempotencyKey: `comply-${String(++keys).padStart(16, '0')}`,
        ...(compliance ? { compliance } : {}),
      };
      return store.orders.place(request);
    };

    beforeEach(async () => {
      clock = Date.UTC(2026, 10, 28, 9, 30, 0);
      store = await factory.open(() => clock);
      productId = (await store.products.add(newProductSchema.parse({ name: 'Attested', price: 10 }))).id;
    });
    afterEach(async () => {
      await store.close();
    });

    it('keeps what was attested, against which terms and age, at the time the store placed the order', async () => {
      const { order } = await place(ATTESTED);
      const record = { ...ATTESTED, at: timestampFromMillis(clock) };
      expect(order.compliance).toEqual(record);
      expect(order.compliance?.at).toEqual(order.createdAt);
      expect((await store.orders.get(order.id))?.compliance).toEqual(record);
      expect((await store.orders.listForUser('user-compliance'))[0]?.compliance).toEqual(record);
      const page = await store.orders.listPage(DEFAULT_ORDER_QUERY);
      expect(page.orders[0]?.compliance).toEqual(record);

      clock += 60_000;
      const paid = await store.orders.markPaid(order.id, { reference: 'wire-1' });
      expect(paid.compliance).toEqual(record);
      await store.close();
      store = await factory.openAgain(() => clock);
      expect((await store.orders.get(order.id))?.compliance).toEqual(record);
    });

    it('answers a retried checkout with the record first kept, not a new time', async () => {
      const first = await place(ATTESTED);
      clock += 5_000;
      const again = await store.orders.place({
        uid: 'user-compliance',
        email: 'ada@example.com',
        lines: [{ productId, quantity: 1 }],
        shippingAddress: SAMPLE_ADDRESS,
        paymentProvider: 'manual',
        idempotencyKey: `comply-${String(keys).padStart(16, '0')}`,
        compliance: { ...ATTESTED, termsVersion: 'a-later-version' },
      });
      expect(again.created).toBe(false);
      expect(again.order.compliance).toEqual(first.order.compliance);
    });

    it('reads an order placed with no record as not recorded, and it still loads and changes', async () => {
      const { order } = await place();
      expect(order.compliance).toBeNull();
      expect((await store.orders.get(order.id))?.compliance).toBeNull();
      expect((await store.orders.list({ filter: 'all' }))[0]?.compliance).toBeNull();
      const cancelled = await store.orders.cancel(order.id, 'Not recorded, still cancellable');
      expect(cancelled).toMatchObject({ status: 'cancelled', compliance: null });
    });
  });
}
