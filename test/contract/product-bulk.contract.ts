import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { productNameSkeleton } from '../../shared/backend/product-name-skeleton.js';
import type { ProductWrite, Store } from '../../shared/backend/store/port.js';
import { DuplicateNameError, NotFoundError } from '../../shared/domain/errors.js';
import { type NewProductInput, newProductSchema } from '../../shared/domain/product.js';
import { SAMPLE_ADDRESS } from './order-store.contract.js';
import type { StoreFactory } from './product-store.contract.js';
import { sized } from './variant-store.contract.js';

const create = (input: Partial<NewProductInput> & { name: string }, available?: boolean): ProductWrite => ({
  op: 'create',
  product: newProductSchema.parse({ price: 10, ...input }),
  ...(available === undefined ? {} : { available }),
});

/** Batches as an import's reader yields them; the source fails at batch `failAfter`. */
export async function* streamed(batches: ProductWrite[][], failAfter?: number) {
  for (const [i, batch] of batches.entries()) {
    if (i === failAfter) throw new Error('the source gave up');
    yield batch;
  }
}

/** Bulk import support (findByNames, bulkWrite) and clear(): what every store adapter must do. */
export function describeProductBulkContract(adapter: string, factory: StoreFactory): void {
  describe(`${adapter} store: bulk writes`, () => {
    let store: Store;

    beforeEach(async () => {
      store = await factory.open(() => Date.UTC(2026, 1, 1));
    });
    afterEach(async () => {
      await store.close();
    });

    it('finds many names at once, trimmed, case-insensitively and by look-alikes, keyed by name skeleton', async () => {
      const bpc = await store.products.add(newProductSchema.parse({ name: 'BPC-157', price: 40 }));
      const found = await store.products.findByNames([' bpc-157 ', 'Missing', 'BPC-157', 'ΒPC\u2010157']);
      expect([...found.keys()]).toEqual([productNameSkeleton('bpc-157')]);
      expect(found.get(productNameSkeleton('ΒPC-157'))).toEqual(bpc);
      expect((await store.products.findByNames([])).size).toBe(0);
    });

    it('finds more names than one query can bind', async () => {
      const names = Array.from({ length: 1200 }, (_, i) => `Peptide ${i}`);
      await store.products.bulkWrite([names.map((name) => create({ name }))]);
      expect((await store.products.findByNames(names)).size).toBe(1200);
    });

    it('creates and updates across streamed batches, with the availability asked for', async () => {
      const old = await store.products.add(newProductSchema.parse({ name: 'TB-500', price: 50 }));
      const counts = await store.products.bulkWrite(
        streamed([
          [create({ name: 'Ipamorelin', stock: 3 }), create({ name: 'Hidden', price: 7 }, false)],
          [{ op: 'update', id: old.id, patch: { price: 55.5, available: false } }],
        ]),
      );
      expect(counts).toEqual({ created: 2, updated: 1 });
      const all = await store.products.listAll();
      expect(all.map((p) => [p.name, p.price, p.available, p.stock])).toEqual([
        ['Hidden', 7, false, null],
        ['Ipamorelin', 10, true, 3],
        ['TB-500', 55.5, false, null],
      ]);
    });

    it('sees earlier batches when looking names up for a later one', async () => {
      let seen: string[] = [];
      async function* batches() {
        yield [create({ name: 'Selank' })];
        seen = [...(await store.products.findByNames(['selank'])).keys()];
        yield [];
      }
      await store.products.bulkWrite(batches());
      expect(seen).toEqual([productNameSkeleton('selank')]);
    });

    it('writes nothing when a name is taken, by the store or by an earlier write', async () => {
      await store.products.add(newProductSchema.parse({ name: 'MOTS-c', price: 60 }));
      await expect(
        store.products.bulkWrite([[create({ name: 'Fresh one' }), create({ name: ' mots-C' })]]),
      ).rejects.toBeInstanceOf(DuplicateNameError);
      await expect(
        store.products.bulkWrite([[create({ name: 'Twice' })], [create({ name: 'TWICE' })]]),
      ).rejects.toBeInstanceOf(DuplicateNameError);
      expect((await store.products.listAll()).map((p) => p.name)).toEqual(['MOTS-c']);
    });

    it('writes nothing when an update names a missing product or the source throws', async () => {
      await expect(
        store.products.bulkWrite([
          [create({ name: 'A' }), { op: 'update', id: 'missing', patch: { price: 1 } }],
        ]),
      ).rejects.toBeInstanceOf(NotFoundError);
      await expect(
        store.products.bulkWrite(streamed([[create({ name: 'B' })], [create({ name: 'C' })]], 1)),
      ).rejects.toThrow('the source gave up');
      expect(await store.products.listAll()).toEqual([]);
      // and the store still takes ordinary writes afterwards
      await store.products.add(newProductSchema.parse({ name: 'After', price: 1 }));
      expect(await store.products.listAll()).toHaveLength(1);
    });

    it('puts back what it had updated when a later batch fails', async () => {
      const old = await store.products.add(
        newProductSchema.parse({ name: 'TB-500', price: 50, stock: 4, category: 'Tissue Repair' }),
      );
      await expect(
        store.products.bulkWrite(
          streamed(
            [
              [
                {
                  op: 'update',
                  id: old.id,
                  patch: { name: 'tb-500 ', price: 99, stock: 40, available: false },
                },
              ],
              [create({ name: 'Made then undone' })],
              [create({ name: 'Never reached' })],
            ],
            2,
          ),
        ),
      ).rejects.toThrow('the source gave up');
      // Every field is back; the version moves on, as the undo is a write an open edit must not miss.
      const [restored, ...more] = await store.products.listAll();
      expect(more).toEqual([]);
      expect({ ...restored, version: old.version }).toEqual(old);
      expect(restored!.version).toBeGreaterThan(old.version);
    });

    it('keeps the stock orders took while an import ran when undoing it, also of sizes whose price it changed', async () => {
      const stocked = await store.products.add(
        newProductSchema.parse({ name: 'Stocked', price: 30, stock: 10 }),
      );
      const bpc = await store.products.add(sized('BPC-157'));
      const [five, ten] = bpc.variants;
      const take = (productId: string, variantId: string, quantity: number) =>
        store.orders.place({
          uid: 'during-import',
          email: 'ada@example.com',
          lines: [{ productId, variantId, quantity }],
          shippingAddress: SAMPLE_ADDRESS,
          paymentProvider: 'manual',
          idempotencyKey: `during-import-${productId}-${variantId}`,
        });
      async function* batches(): AsyncGenerator<ProductWrite[]> {
        yield [
          { op: 'update', id: stocked.id, patch: { category: 'Imported' } },
          {
            op: 'update',
            id: bpc.id,
            patch: {
              variants: [
                { ...five!, price: 35 },
                { ...ten!, stock: 50 },
              ],
            },
          },
        ];
        await take(stocked.id, stocked.variants[0]!.id, 6);
        await take(bpc.id, five!.id, 3);
        await take(bpc.id, ten!.id, 1);
        yield [create({ name: 'STOCKED' })];
      }
      await expect(store.products.bulkWrite(batches())).rejects.toBeInstanceOf(DuplicateNameError);
      expect(await store.products.get(stocked.id)).toMatchObject({ category: '', stock: 4 });
      const undone = (await store.products.get(bpc.id))!;
      // the 5 mg price is put back with the 3 units sold kept sold; the 10 mg stock the import set goes back
      expect(undone.variants).toEqual([{ ...five!, stock: 1 }, ten!]);
      expect(undone).toMatchObject({ price: 39, stock: 3 });
    });

    it('clears every product, order and message', async () => {
      const p = await store.products.add(newProductSchema.parse({ name: 'Gone', price: 20 }));
      await store.orders.place({
        uid: 'u1',
        email: 'u1@example.com',
        lines: [{ productId: p.id, quantity: 1 }],
        shippingAddress: SAMPLE_ADDRESS,
        paymentProvider: 'manual',
        idempotencyKey: 'clear-test-key-0001',
      });
      await store.messages.add({ uid: null, name: 'N', email: 'n@example.com', message: 'Hello there' });
      const before = await store.products.changeToken();
      await store.clear();
      expect(await store.products.listAll()).toEqual([]);
      expect(await store.orders.list({ filter: 'all' })).toEqual([]);
      expect(await store.messages.list()).toEqual([]);
      expect(await store.products.changeToken()).not.toBe(before);
    });
  });
}
