import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlaceOrder, Store } from '../../shared/backend/store/port.js';
import { ConflictError, type ShopError, ValidationError } from '../../shared/domain/errors.js';
import { newProductSchema } from '../../shared/domain/product.js';
import type { UnpaidOrderLimits } from '../../shared/domain/unpaid-orders.js';
import { rejection, SAMPLE_ADDRESS } from './order-store.contract.js';
import type { StoreFactory } from './product-store.contract.js';

const LIMITS: UnpaidOrderLimits = { holdHours: 48, maxPerAccount: 3, maxUnitsPerSize: 20 };
let keys = 0;

/** The unpaid-order limits as placing an order judges them, in its atomic step: every adapter alike. */
export function describeUnpaidOrdersContract(adapter: string, factory: StoreFactory): void {
  describe(`${adapter} store: unpaid orders cannot hoard`, () => {
    let store: Store;
    let vialId: string;
    let sizes: { productId: string; variantId: string }[];
    const place = (overrides: Partial<PlaceOrder> = {}) =>
      store.orders.place({
        uid: 'hoarder',
        email: 'hoarder@example.com',
        lines: [{ productId: vialId, quantity: 1 }],
        shippingAddress: SAMPLE_ADDRESS,
        paymentProvider: 'manual',
        idempotencyKey: `unpaid-${String(++keys).padStart(16, '0')}`,
        unpaid: LIMITS,
        ...overrides,
      });

    beforeEach(async () => {
      store = await factory.open(() => Date.UTC(2026, 10, 28, 12));
      vialId = (await store.products.add(newProductSchema.parse({ name: 'BPC-157', price: 39, stock: 500 })))
        .id;
      const sized = await store.products.add(
        newProductSchema.parse({
          name: 'Tirzepatide',
          options: [{ name: 'Size', values: ['5 mg', '10 mg'] }],
          variants: [
            { options: { Size: '5 mg' }, price: 60, stock: 100 },
            { options: { Size: '10 mg' }, price: 100, stock: 100 },
          ],
        }),
      );
      sizes = sized.variants.map((v) => ({ productId: sized.id, variantId: v.id }));
    });
    afterEach(async () => {
      await store.close();
    });

    it('refuses an account a fourth unpaid order, card or bank transfer, until one is paid or cancelled', async () => {
      const first = (await place()).order;
      const second = (await place({ paymentProvider: 'stripe' })).order;
      await place();
      const refused = (await rejection(place())) as ConflictError;
      expect(refused).toBeInstanceOf(ConflictError);
      expect(refused.message).toBe(
        'You already have 3 unpaid orders, the most one account may hold. Pay for or cancel one of them before placing another.',
      );
      expect((await store.products.get(vialId))?.stock).toBe(497);
      expect(await store.orders.listForUser('hoarder')).toHaveLength(3);
      // Another account is not held back by this one's orders.
      await place({ uid: 'someone-else', email: 'else@example.com' });

      await store.orders.markPaid(first.id, { reference: 'wire-1' });
      await place();
      await store.orders.transition(second.id, { type: 'cancel', by: 'shopper' });
      await place();
      await expect(place()).rejects.toBeInstanceOf(ConflictError);
      // A limit raised later lets the same account place more.
      await place({ unpaid: { ...LIMITS, maxPerAccount: 5 } });
    });

    it('answers a retried checkout with its order even when the account is at its limit', async () => {
      const key = 'retried-key-000000001';
      const { order } = await place({ idempotencyKey: key });
      await place();
      await place();
      const again = await place({ idempotencyKey: key });
      expect(again).toMatchObject({ created: false, order: { id: order.id } });
    });

    it('refuses more units of one size than an unpaid order may take, naming the line, and takes nothing', async () => {
      const [small, large] = sizes;
      const refused = (await rejection(
        place({
          lines: [
            { ...small!, quantity: 20 },
            { ...large!, quantity: 21 },
          ],
        }),
      )) as ValidationError;
      expect(refused).toBeInstanceOf(ValidationError);
      expect(refused.issues).toEqual([
        {
          field: 'lines.1.quantity',
          message: 'Tirzepatide — 10 mg: at most 20 per order awaiting payment (you asked for 21)',
        },
      ]);
      expect((await store.products.get(small!.productId))?.variants.map((v) => v.stock)).toEqual([100, 100]);
      // Two lines naming one size count together, as stock does.
      const split = (await rejection(
        place({
          lines: [
            { productId: vialId, quantity: 15 },
            { productId: vialId, variantId: vialId, quantity: 15 },
          ],
        }),
      )) as ValidationError;
      expect(split.issues[0]?.field).toBe('lines.0.quantity');
      expect(
        (
          await place({
            lines: [
              { ...small!, quantity: 20 },
              { ...large!, quantity: 20 },
            ],
          })
        ).created,
      ).toBe(true);
    });

    it('places no more than the limit when one account checks out many times at once', async () => {
      const results = await Promise.allSettled(Array.from({ length: 12 }, () => place()));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected'))
        expect((r.reason as ShopError).code).toBe('conflict');
      expect(await store.orders.listForUser('hoarder')).toHaveLength(3);
      expect((await store.products.get(vialId))?.stock).toBe(497);
    });

    it('places without limits when none are given (the CLI’s seed and imports)', async () => {
      for (let i = 0; i < 5; i++)
        await place({ unpaid: undefined, lines: [{ productId: vialId, quantity: 30 }] });
      expect(await store.orders.listForUser('hoarder')).toHaveLength(5);
    });
  });
}
