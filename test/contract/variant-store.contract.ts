import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../shared/backend/store/port.js';
import { DuplicateSkuError, NotFoundError, ValidationError } from '../../shared/domain/errors.js';
import { type NewProductInput, newProductSchema, productPatchSchema } from '../../shared/domain/product.js';
import { rejection } from './order-store.contract.js';
import type { StoreFactory } from './product-store.contract.js';

const SIZE = [{ name: 'Size', values: ['5 mg', '10 mg'] }];

/** BPC-157 in two sizes, the 10 mg one untracked unless given. */
export const sized = (name: string, overrides: Partial<NewProductInput> = {}) =>
  newProductSchema.parse({
    name,
    options: SIZE,
    variants: [
      { sku: `${name}-5`, options: { Size: '5 mg' }, price: 39, stock: 4 },
      { sku: `${name}-10`, options: { Size: '10 mg' }, price: 69, stock: 2 },
    ],
    ...overrides,
  });

/** Options, variants and SKUs: the behaviour every store adapter must show. */
export function describeVariantStoreContract(adapter: string, factory: StoreFactory): void {
  describe(`${adapter} store: variants and SKUs`, () => {
    let store: Store;
    let clock: number;

    beforeEach(async () => {
      clock = Date.UTC(2026, 4, 2, 10, 0, 0);
      store = await factory.open(() => clock);
    });
    afterEach(async () => {
      await store.close();
    });

    it('creates a product in sizes: each variant gets an id, price is the lowest and stock the total', async () => {
      const bpc = await store.products.add(sized('BPC-157'));
      expect(bpc).toMatchObject({ price: 39, stock: 6, options: SIZE, specs: {}, available: true });
      expect(bpc.variants.map((v) => [v.sku, v.options, v.price, v.stock, v.available])).toEqual([
        ['BPC-157-5', { Size: '5 mg' }, 39, 4, true],
        ['BPC-157-10', { Size: '10 mg' }, 69, 2, true],
      ]);
      expect(new Set(bpc.variants.map((v) => v.id)).size).toBe(2);
      expect(await store.products.get(bpc.id)).toEqual(bpc);
    });

    it('keeps specs as given', async () => {
      const specs = { casNumber: '137525-51-0', molecularFormula: 'C62H98N16O22', purity: '≥ 99%' };
      const bpc = await store.products.add(sized('BPC-157', { specs }));
      expect((await store.products.get(bpc.id))?.specs).toEqual(specs);
      const changed = await store.products.update(bpc.id, { specs: { form: 'Lyophilised powder' } });
      expect(changed.specs).toEqual({ form: 'Lyophilised powder' });
    });

    it('gives a product sold one way one variant carrying its price, stock and SKU', async () => {
      const water = await store.products.add(
        newProductSchema.parse({ name: 'BAC water', price: 12.5, stock: 7, sku: 'BAC-30' }),
      );
      expect(water).toMatchObject({ price: 12.5, stock: 7, options: [] });
      expect(water.variants).toEqual([
        {
          id: water.variants[0]!.id,
          sku: 'BAC-30',
          options: {},
          price: 12.5,
          compareAtPrice: null,
          stock: 7,
          available: true,
          imgUrl: '',
        },
      ]);
    });

    it('sets the only variant from price and stock patches, moving the version on', async () => {
      const water = await store.products.add(newProductSchema.parse({ name: 'BAC water', price: 12.5 }));
      const changed = await store.products.update(water.id, { price: 14, stock: 3 });
      expect(changed).toMatchObject({ price: 14, stock: 3, version: water.version + 1 });
      expect(changed.variants).toEqual([{ ...water.variants[0]!, price: 14, stock: 3 }]);
      expect(await store.products.get(water.id)).toEqual(changed);
    });

    it('refuses a product price on a product in several sizes, naming the field, and writes nothing', async () => {
      const bpc = await store.products.add(sized('BPC-157'));
      const refused = await rejection(store.products.update(bpc.id, { price: 50 }));
      expect(refused).toBeInstanceOf(ValidationError);
      expect((refused as ValidationError).issues.map((i) => i.field)).toEqual(['price']);
      expect(await store.products.get(bpc.id)).toEqual(bpc);
    });

    it('adds a size and changes another, keeping the ids of the variants it keeps and deriving price and stock', async () => {
      const bpc = await store.products.add(sized('BPC-157'));
      const [five, ten] = bpc.variants;
      clock += 1000;
      const changed = await store.products.update(
        bpc.id,
        productPatchSchema.parse({
          options: [{ name: 'Size', values: ['2 mg', '5 mg', '10 mg'] }],
          variants: [
            { sku: 'BPC-157-2', options: { Size: '2 mg' }, price: 19, stock: 10 },
            { ...five!, price: 35 },
            ten!,
          ],
        }),
      );
      expect(changed.variants.map((v) => v.options.Size)).toEqual(['2 mg', '5 mg', '10 mg']);
      expect(changed.variants[1]).toEqual({ ...five!, price: 35 });
      expect(changed.variants[2]).toEqual(ten);
      expect(changed.variants[0]!.id).not.toBe(five!.id);
      expect(changed).toMatchObject({ price: 19, stock: 16, version: bpc.version + 1 });
      expect(changed.updatedAt.seconds).toBe(bpc.updatedAt.seconds + 1);
      expect(await store.products.get(bpc.id)).toEqual(changed);
    });

    it('refuses variants naming an id the product does not have, writing nothing', async () => {
      const bpc = await store.products.add(sized('BPC-157'));
      const refused = await rejection(
        store.products.update(bpc.id, {
          variants: [{ ...bpc.variants[0]!, id: 'no-such-variant' }, bpc.variants[1]!],
        }),
      );
      expect(refused).toBeInstanceOf(ValidationError);
      expect((refused as ValidationError).issues[0]?.field).toBe('variants.0.id');
      expect(await store.products.get(bpc.id)).toEqual(bpc);
    });

    it('finds a variant by SKU trimmed and case-insensitively, never by a blank one', async () => {
      const bpc = await store.products.add(sized('BPC-157'));
      await store.products.add(newProductSchema.parse({ name: 'No SKU', price: 5 }));
      expect(await store.products.findBySku('  bpc-157-10 ')).toEqual({
        product: bpc,
        variant: bpc.variants[1],
      });
      expect(await store.products.findBySku('BPC-157-1')).toBeNull();
      expect(await store.products.findBySku('')).toBeNull();
      expect(await store.products.findBySku('  ')).toBeNull();
    });

    it('refuses a SKU another product holds, whatever its case, naming the variant, and writes nothing', async () => {
      await store.products.add(sized('BPC-157'));
      const refused = await rejection(
        store.products.add(
          sized('TB-500', {
            variants: [
              { sku: 'TB-500-5', options: { Size: '5 mg' }, price: 39 },
              { sku: ' bpc-157-10', options: { Size: '10 mg' }, price: 69 },
            ],
          }),
        ),
      );
      expect(refused).toBeInstanceOf(DuplicateSkuError);
      expect(refused.details).toEqual({ field: 'variants.1.sku' });
      expect(await store.products.findByName('TB-500')).toBeNull();
      expect(await store.products.findBySku('TB-500-5')).toBeNull();

      const one = await rejection(
        store.products.add(newProductSchema.parse({ name: 'Water', price: 5, sku: 'BPC-157-5' })),
      );
      expect(one).toBeInstanceOf(DuplicateSkuError);
      expect(one.details).toEqual({ field: 'sku' });
      expect(await store.products.listAll()).toHaveLength(1);
    });

    it('refuses a patch onto a SKU another product holds, and lets a product keep or reshuffle its own', async () => {
      const bpc = await store.products.add(sized('BPC-157'));
      const water = await store.products.add(newProductSchema.parse({ name: 'Water', price: 5, sku: 'W-1' }));
      const refused = await rejection(store.products.update(water.id, { sku: 'bpc-157-5' }));
      expect(refused).toBeInstanceOf(DuplicateSkuError);
      expect(await store.products.get(water.id)).toEqual(water);

      const [five, ten] = bpc.variants;
      const swapped = await store.products.update(bpc.id, {
        variants: [
          { ...five!, sku: ten!.sku },
          { ...ten!, sku: five!.sku },
        ],
      });
      expect((await store.products.findBySku('BPC-157-5'))?.variant.id).toBe(ten!.id);
      expect((await store.products.findBySku('BPC-157-10'))?.variant).toEqual(swapped.variants[0]);
    });

    it('frees a SKU when its variant is renamed, removed or its product deleted', async () => {
      const bpc = await store.products.add(sized('BPC-157'));
      const [five, ten] = bpc.variants;
      await store.products.update(bpc.id, { variants: [{ ...five!, sku: 'BPC-5-NEW' }, ten!] });
      expect(await store.products.findBySku('BPC-157-5')).toBeNull();
      const reuse = await store.products.add(
        newProductSchema.parse({ name: 'Reuses the old SKU', price: 5, sku: 'BPC-157-5' }),
      );
      expect((await store.products.findBySku('bpc-157-5'))?.product.id).toBe(reuse.id);

      await store.products.update(bpc.id, {
        options: [{ name: 'Size', values: ['5 mg'] }],
        variants: [{ ...five!, sku: 'BPC-5-NEW' }],
      });
      expect(await store.products.findBySku('BPC-157-10')).toBeNull();
      await store.products.add(
        newProductSchema.parse({ name: 'Takes the removed one', price: 5, sku: 'BPC-157-10' }),
      );

      expect(await store.products.delete(bpc.id)).toBe(true);
      expect(await store.products.findBySku('BPC-5-NEW')).toBeNull();
      await store.products.add(
        newProductSchema.parse({ name: 'After the delete', price: 5, sku: 'BPC-5-NEW' }),
      );
    });

    it('leaves exactly one product when 50 adds with one SKU race', async () => {
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          store.products.add(
            newProductSchema.parse({ name: `Racer ${i}`, price: 5, sku: i % 2 ? 'RACE-1' : ' race-1' }),
          ),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected'))
        expect(r.reason).toBeInstanceOf(DuplicateSkuError);
      expect(await store.products.listAll()).toHaveLength(1);
    });

    it('imports products in sizes and writes nothing when an imported SKU is taken', async () => {
      await store.products.add(newProductSchema.parse({ name: 'Holder', price: 5, sku: 'HELD' }));
      const counts = await store.products.bulkWrite([[{ op: 'create', product: sized('BPC-157') }]]);
      expect(counts).toEqual({ created: 1, updated: 0 });
      const bpc = (await store.products.findBySku('BPC-157-10'))!.product;
      expect(bpc.variants).toHaveLength(2);

      const refused = await rejection(
        store.products.bulkWrite([
          [
            { op: 'create', product: sized('TB-500') },
            {
              op: 'update',
              id: bpc.id,
              patch: { variants: [{ ...bpc.variants[0]!, sku: 'NEW-5' }, bpc.variants[1]!] },
            },
          ],
          [{ op: 'create', product: newProductSchema.parse({ name: 'Clash', price: 5, sku: 'held' }) }],
        ]),
      );
      expect(refused).toBeInstanceOf(DuplicateSkuError);
      expect(await store.products.findBySku('TB-500-5')).toBeNull();
      expect(await store.products.findBySku('NEW-5')).toBeNull();
      expect((await store.products.findBySku('BPC-157-5'))?.product.id).toBe(bpc.id);
      expect((await store.products.get(bpc.id))?.variants).toEqual(bpc.variants);
      expect((await store.products.listAll()).map((p) => p.name)).toEqual(['BPC-157', 'Holder']);
    });

    it('reports a patch of an unknown product as not found', async () => {
      await expect(store.products.update('no-such-product', { price: 5 })).rejects.toBeInstanceOf(
        NotFoundError,
      );
    });
  });
}
