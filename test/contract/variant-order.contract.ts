import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlaceOrder, Store } from '../../shared/backend/store/port.js';
import type { ShopError } from '../../shared/domain/errors.js';
import { DEFAULT_ORDER_QUERY } from '../../shared/domain/order-listing.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { lineTitle } from '../../shared/domain/variant.js';
import { rejection, SAMPLE_ADDRESS } from './order-store.contract.js';
import type { StoreFactory } from './product-store.contract.js';
import { sized } from './variant-store.contract.js';

let keys = 0;
const order = (lines: PlaceOrder['lines'], uid = 'user-v'): PlaceOrder => ({
  uid,
  email: 'ada@example.com',
  lines,
  shippingAddress: SAMPLE_ADDRESS,
  paymentProvider: 'manual',
  idempotencyKey: `vkey-${String(++keys).padStart(16, '0')}`,
});

/** Checkout per variant: the behaviour every store adapter must show. */
export function describeVariantOrderContract(adapter: string, factory: StoreFactory): void {
  describe(`${adapter} store: orders of sizes`, () => {
    let store: Store;

    beforeEach(async () => {
      store = await factory.open(() => Date.UTC(2026, 5, 1, 9));
    });
    afterEach(async () => {
      await store.close();
    });

    it('orders two sizes of one product as two lines, each priced and stocked by its variant', async () => {
      const bpc = await store.products.add(sized('BPC-157'));
      const [five, ten] = bpc.variants;
      const { order: placed } = await store.orders.place(
        order([
          { productId: bpc.id, variantId: five!.id, quantity: 3 },
          { productId: bpc.id, variantId: ten!.id, quantity: 1 },
        ]),
      );
      expect(placed.lines).toEqual([
        {
          productId: bpc.id,
          variantId: five!.id,
          sku: 'BPC-157-5',
          options: { Size: '5 mg' },
          name: 'BPC-157',
          imgUrl: '',
          unitPriceCents: 3900,
          quantity: 3,
          lineTotalCents: 11700,
        },
        {
          productId: bpc.id,
          variantId: ten!.id,
          sku: 'BPC-157-10',
          options: { Size: '10 mg' },
          name: 'BPC-157',
          imgUrl: '',
          unitPriceCents: 6900,
          quantity: 1,
          lineTotalCents: 6900,
        },
      ]);
      expect(placed.lines.map((l) => lineTitle(l.name, l.options))).toEqual([
        'BPC-157 — 5 mg',
        'BPC-157 — 10 mg',
      ]);
      expect(placed.subtotalCents).toBe(18600);
      const after = (await store.products.get(bpc.id))!;
      expect(after.variants.map((v) => v.stock)).toEqual([1, 1]);
      expect(after).toMatchObject({ stock: 2, version: bpc.version + 1 });
      expect(await store.orders.get(placed.id)).toEqual(placed);
    });

    it('keeps on the line that its size shipped cold when ordered, whatever the size says later', async () => {
      const cold = await store.products.add(
        sized('Semaglutide', {
          variants: [
            { sku: 'SEMA-5', options: { Size: '5 mg' }, price: 39, stock: 4, coldPack: true },
            { sku: 'SEMA-10', options: { Size: '10 mg' }, price: 69, stock: 2 },
          ],
        }),
      );
      const [five, ten] = cold.variants;
      const { order: placed } = await store.orders.place(
        order([
          { productId: cold.id, variantId: five!.id, quantity: 1 },
          { productId: cold.id, variantId: ten!.id, quantity: 1 },
        ]),
      );
      await store.products.update(cold.id, {
        variants: [
          { id: five!.id, coldPack: false },
          { id: ten!.id, coldPack: true },
        ],
      });
      const stored = (await store.orders.get(placed.id))!;
      expect(stored.lines.map((l) => [l.sku, l.coldPack])).toEqual([
        ['SEMA-5', true],
        ['SEMA-10', undefined],
      ]);
      expect(
        (await store.orders.listPage({ ...DEFAULT_ORDER_QUERY, q: placed.id })).orders[0]!.lines,
      ).toEqual(stored.lines);
    });

    it('refuses more than a variant holds, naming it with what is left, though the other size has plenty', async () => {
      const bpc = await store.products.add(sized('BPC-157'));
      const ten = bpc.variants[1];
      const refused = await rejection(
        store.orders.place(order([{ productId: bpc.id, variantId: ten!.id, quantity: 3 }])),
      );
      expect(refused.code).toBe('out-of-stock');
      expect(refused.message).toContain('only 2 of BPC-157 — 10 mg left');
      expect(refused.details).toEqual({
        productIds: [bpc.id],
        variantIds: [ten!.id],
        inStock: { [ten!.id]: 2 },
      });
      expect(await store.products.get(bpc.id)).toEqual(bpc);
      expect(await store.orders.list({ filter: 'all' })).toEqual([]);
    });

    it('sells the last units of a variant to exactly as many of 12 racing buyers as there are units', async () => {
      const bpc = await store.products.add(sized('BPC-157'));
      const [five, ten] = bpc.variants;
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          store.orders.place(order([{ productId: bpc.id, variantId: ten!.id, quantity: 1 }], `racer-${i}`)),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
      for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected'))
        expect((r.reason as ShopError).code).toBe('out-of-stock');
      const after = (await store.products.get(bpc.id))!;
      expect(after.variants.map((v) => [v.id, v.stock])).toEqual([
        [five!.id, 4],
        [ten!.id, 0],
      ]);
      expect(after.stock).toBe(4);
    });

    it('refuses a variant that is unavailable or unknown, naming it, and writes nothing', async () => {
      const bpc = await store.products.add(sized('BPC-157'));
      const [five, ten] = bpc.variants;
      const withdrawn = await store.products.update(bpc.id, {
        variants: [five!, { ...ten!, available: false }],
      });
      const refused = await rejection(
        store.orders.place(
          order([
            { productId: bpc.id, variantId: five!.id, quantity: 1 },
            { productId: bpc.id, variantId: ten!.id, quantity: 1 },
          ]),
        ),
      );
      expect(refused.code).toBe('unavailable');
      expect(refused.message).toBe('No longer available: BPC-157 — 10 mg');
      expect(refused.details).toEqual({ productIds: [bpc.id], variantIds: [ten!.id] });
      const unknown = await rejection(
        store.orders.place(order([{ productId: bpc.id, variantId: 'no-such-size', quantity: 1 }])),
      );
      expect(unknown.code).toBe('unavailable');
      expect(unknown.details).toEqual({ productIds: [bpc.id], variantIds: ['no-such-size'] });
      expect(await store.products.get(bpc.id)).toEqual(withdrawn);
      expect(await store.orders.list({ filter: 'all' })).toEqual([]);
    });

    it('refuses a repeated idempotency key asking for another size, writing nothing', async () => {
      const bpc = await store.products.add(sized('BPC-157'));
      const [five, ten] = bpc.variants;
      const first = order([{ productId: bpc.id, variantId: five!.id, quantity: 1 }]);
      const { order: placed } = await store.orders.place(first);
      const taken = (await store.products.get(bpc.id))!;
      const refused = await rejection(
        store.orders.place({ ...first, lines: [{ productId: bpc.id, variantId: ten!.id, quantity: 1 }] }),
      );
      expect(refused.code).toBe('idempotency-mismatch');
      expect(await store.products.get(bpc.id)).toEqual(taken);
      expect((await store.orders.place(first)).order).toEqual(placed);
    });

    it('takes a line without variantId as the only variant of a product sold one way', async () => {
      const water = await store.products.add(
        newProductSchema.parse({ name: 'BAC water', price: 12.5, stock: 3, sku: 'BAC' }),
      );
      const { order: placed } = await store.orders.place(order([{ productId: water.id, quantity: 2 }]));
      expect(placed.lines[0]).toMatchObject({
        variantId: water.variants[0]!.id,
        sku: 'BAC',
        options: {},
        quantity: 2,
      });
      expect((await store.products.get(water.id))?.variants[0]?.stock).toBe(1);
    });

    it('refuses a line without variantId for a product in several sizes', async () => {
      const bpc = await store.products.add(sized('BPC-157'));
      const refused = await rejection(store.orders.place(order([{ productId: bpc.id, quantity: 1 }])));
      expect(refused.code).toBe('unavailable');
      expect(refused.details).toEqual({ productIds: [bpc.id], variantIds: [''] });
      expect(await store.products.get(bpc.id)).toEqual(bpc);
    });

    it('puts a cancelled order’s units back on the variants they came from, moving the version on', async () => {
      const bpc = await store.products.add(sized('BPC-157'));
      const [five, ten] = bpc.variants;
      const { order: placed } = await store.orders.place(
        order([
          { productId: bpc.id, variantId: five!.id, quantity: 1 },
          { productId: bpc.id, variantId: ten!.id, quantity: 2 },
        ]),
      );
      const taken = (await store.products.get(bpc.id))!;
      expect(taken.variants.map((v) => v.stock)).toEqual([3, 0]);
      await store.orders.cancel(placed.id, 'Changed my mind');
      const back = (await store.products.get(bpc.id))!;
      expect(back.variants.map((v) => v.stock)).toEqual([4, 2]);
      expect(back).toMatchObject({ stock: 6, version: taken.version + 1 });
    });

    it('gives nothing back to a variant removed since the order', async () => {
      const bpc = await store.products.add(sized('BPC-157'));
      const [five, ten] = bpc.variants;
      const { order: placed } = await store.orders.place(
        order([
          { productId: bpc.id, variantId: five!.id, quantity: 1 },
          { productId: bpc.id, variantId: ten!.id, quantity: 1 },
        ]),
      );
      await store.products.update(bpc.id, {
        options: [{ name: 'Size', values: ['5 mg'] }],
        variants: [{ ...five!, stock: 3 }],
      });
      await store.orders.cancel(placed.id);
      const back = (await store.products.get(bpc.id))!;
      expect(back.variants.map((v) => [v.id, v.stock])).toEqual([[five!.id, 4]]);
    });
  });
}
