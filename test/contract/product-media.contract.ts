import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../shared/backend/store/port.js';
import { newProductSchema, productPatchSchema } from '../../shared/domain/product.js';
import { variantPatchAsProductPatch } from '../../shared/domain/product-state.js';
import { variantPatchSchema } from '../../shared/domain/variant-schema.js';
import { SAMPLE_ADDRESS } from './order-store.contract.js';
import { streamed } from './product-bulk.contract.js';
import type { StoreFactory } from './product-store.contract.js';

const MAIN = '/images/bpc-main.png';
const VIAL_5 = '/images/bpc-5mg.png';
const VIAL_10 = 'https://cdn.example.com/bpc-10mg.jpg';

/** BPC-157 in two sizes with a gallery, tags and an image per size. */
const pictured = (name = 'BPC-157') =>
  newProductSchema.parse({
    name,
    imgUrl: MAIN,
    images: [VIAL_5, VIAL_10],
    tags: ['Recovery', 'Peptide'],
    options: [{ name: 'Size', values: ['5 mg', '10 mg'] }],
    variants: [
      { sku: `${name}-5`, options: { Size: '5 mg' }, price: 39, imgUrl: VIAL_5 },
      { sku: `${name}-10`, options: { Size: '10 mg' }, price: 69, imgUrl: VIAL_10 },
    ],
  });

/** A product's gallery, tags and variant images: what every store adapter keeps and reads back. */
export function describeProductMediaContract(adapter: string, factory: StoreFactory): void {
  describe(`${adapter} store: gallery, tags and variant images`, () => {
    let store: Store;

    beforeEach(async () => {
      store = await factory.open(() => Date.UTC(2026, 5, 1));
    });
    afterEach(async () => {
      await store.close();
    });

    it('keeps the gallery in order, the tags and each size’s image, however the product is read', async () => {
      const bpc = await store.products.add(pictured());
      expect(bpc).toMatchObject({ imgUrl: MAIN, images: [VIAL_5, VIAL_10], tags: ['Recovery', 'Peptide'] });
      expect(bpc.variants.map((v) => v.imgUrl)).toEqual([VIAL_5, VIAL_10]);
      expect(await store.products.get(bpc.id)).toEqual(bpc);
      expect(await store.products.listAll()).toEqual([bpc]);
      expect(await store.products.listAvailable()).toEqual([bpc]);
      expect(await store.products.findByName('bpc-157')).toEqual(bpc);
      expect((await store.products.findBySku('BPC-157-10'))?.variant.imgUrl).toBe(VIAL_10);
    });

    it('gives a product created without them an empty gallery, no tags and no size images', async () => {
      const water = await store.products.add(newProductSchema.parse({ name: 'BAC water', price: 12.5 }));
      expect(water).toMatchObject({ images: [], tags: [] });
      expect(water.variants[0]!.imgUrl).toBe('');
      expect(await store.products.get(water.id)).toEqual(water);
    });

    it('changes the gallery or the tags alone, leaving the other and the sizes’ images as they were', async () => {
      const bpc = await store.products.add(pictured());
      const reordered = await store.products.update(
        bpc.id,
        productPatchSchema.parse({ images: [VIAL_10, VIAL_5, '/images/label.png'] }),
      );
      expect(reordered.images).toEqual([VIAL_10, VIAL_5, '/images/label.png']);
      expect(reordered.tags).toEqual(['Recovery', 'Peptide']);
      expect(reordered.variants.map((v) => v.imgUrl)).toEqual([VIAL_5, VIAL_10]);
      const retagged = await store.products.update(bpc.id, productPatchSchema.parse({ tags: ['Sale'] }));
      expect(retagged).toMatchObject({ imgUrl: MAIN, tags: ['Sale'], images: reordered.images });
      expect(await store.products.get(bpc.id)).toEqual(retagged);
    });

    it('drops a gallery image that becomes the main image, so no image is shown twice', async () => {
      const bpc = await store.products.add(pictured());
      const changed = await store.products.update(bpc.id, productPatchSchema.parse({ imgUrl: VIAL_5 }));
      expect(changed).toMatchObject({ imgUrl: VIAL_5, images: [VIAL_10] });
      expect(await store.products.get(bpc.id)).toEqual(changed);
    });

    it('sets one size’s image, keeping the other size’s', async () => {
      const bpc = await store.products.add(pictured());
      const [five, ten] = bpc.variants;
      const patch = variantPatchAsProductPatch(bpc, five!.id, variantPatchSchema.parse({ imgUrl: '' }));
      const changed = await store.products.update(bpc.id, patch);
      expect(changed.variants).toEqual([{ ...five, imgUrl: '' }, ten]);
      expect(await store.products.get(bpc.id)).toEqual(changed);
    });

    it('pictures an order line by its size’s image, or the product’s when the size has none', async () => {
      const bpc = await store.products.add(pictured());
      const water = await store.products.add(
        newProductSchema.parse({ name: 'BAC water', price: 12.5, imgUrl: '/images/water.png' }),
      );
      const { order } = await store.orders.place({
        uid: 'user-media',
        email: 'ada@example.com',
        lines: [
          { productId: bpc.id, variantId: bpc.variants[1]!.id, quantity: 1 },
          { productId: water.id, quantity: 1 },
        ],
        shippingAddress: SAMPLE_ADDRESS,
        paymentProvider: 'manual',
        idempotencyKey: 'media-order-key-0001',
      });
      expect(order.lines.map((l) => l.imgUrl)).toEqual([VIAL_10, '/images/water.png']);
    });

    it('imports products with their gallery, tags and size images, and an import’s undo puts them back', async () => {
      const kept = await store.products.add(pictured('Kept'));
      const counts = await store.products.bulkWrite(
        streamed([[{ op: 'create', product: pictured('Imported') }]]),
      );
      expect(counts).toEqual({ created: 1, updated: 0 });
      const imported = await store.products.findByName('Imported');
      expect(imported).toMatchObject({ images: [VIAL_5, VIAL_10], tags: ['Recovery', 'Peptide'] });
      expect(imported!.variants.map((v) => v.imgUrl)).toEqual([VIAL_5, VIAL_10]);

      await expect(
        store.products.bulkWrite(
          streamed(
            [
              [
                {
                  op: 'update',
                  id: kept.id,
                  patch: productPatchSchema.parse({
                    images: ['/images/other.png'],
                    tags: ['Changed'],
                    variants: kept.variants.map((v) => ({ ...v, imgUrl: '' })),
                  }),
                },
              ],
              [{ op: 'create', product: pictured('Never reached') }],
            ],
            1,
          ),
        ),
      ).rejects.toThrow('the source gave up');
      const restored = await store.products.get(kept.id);
      expect({ ...restored, version: kept.version, updatedAt: kept.updatedAt }).toEqual(kept);
    });
  });
}
