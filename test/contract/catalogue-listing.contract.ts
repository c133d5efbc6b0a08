import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogueIndex } from '../../shared/backend/catalogue/catalogue-index.js';
import type { Store } from '../../shared/backend/store/port.js';
import type { CatalogueQuery } from '../../shared/domain/catalogue-listing.js';
import { DEFAULT_CATALOGUE_QUERY } from '../../shared/domain/catalogue-query.js';
import { type NewProductInput, newProductSchema, type Product } from '../../shared/domain/product.js';
import { placeStoredOrder } from '../support/place-order.js';
import type { StoreFactory } from './product-store.contract.js';

const CATALOGUE: (Partial<NewProductInput> & { name: string; price: number })[] = [
  {
    name: 'BPC-157',
    price: 39.99,
    category: 'Tissue Repair',
    brand: 'Helix Labs',
    stock: 5,
    description: '<p>Studied in <em>tendon</em> models.</p>',
    specs: {
      casNumber: '137525-51-0',
      sequence: 'Gly-Glu-Pro-Pro-Pro-Gly-Lys-Pro-Ala-Asp-Asp-Ala-Gly-Leu-Val',
    },
  },
  { name: 'TB-500', price: 29, category: 'Tissue Repair', brand: 'NovaPure', stock: 0 },
  { name: 'Semax', price: 45, category: 'Cognitive', brand: 'Apex Synthesis', stock: 12 },
  { name: 'Selank', price: 42.5, category: 'Cognitive', brand: 'NovaPure', stock: null },
  { name: 'Epitalon', price: 35, category: 'Longevity', brand: 'Helix Labs', stock: 3 },
  { name: 'MOTS-c', price: 55, category: 'Longevity', brand: 'Apex Synthesis', stock: 8 },
  { name: 'GHK-Cu', price: 25, category: 'Skin', brand: 'Helix Labs', stock: 20 },
];

/**
 * The shoppers' listing served by the catalogue index over each adapter: the same answers from the
 * same catalogue, and every kind of write reflected in the next answer.
 */
export function describeCatalogueListingContract(adapter: string, factory: StoreFactory): void {
  describe(`${adapter} store: the catalogue listing`, () => {
    let store: Store;
    let index: CatalogueIndex;
    let clock: number;
    const byName = new Map<string, Product>();

    const list = (q: Partial<CatalogueQuery>) => index.list({ ...DEFAULT_CATALOGUE_QUERY, ...q }, 'public');
    const names = async (q: Partial<CatalogueQuery>) => (await list(q)).products.map((p) => p.name);

    beforeEach(async () => {
      clock = Date.UTC(2026, 6, 1, 8, 0, 0);
      store = await factory.open(() => clock);
      for (const input of CATALOGUE) {
        byName.set(input.name, await store.products.add(newProductSchema.parse(input)));
        clock += 60_000;
      }
      index = new CatalogueIndex(store.products);
    });
    afterEach(async () => {
      await store.close();
    });

    it('answers pages, sorts, filters, facets and bounds the same on every adapter', async () => {
      const first = await list({});
      expect(first).toMatchObject({ page: 1, perPage: 6, total: 7, totalPages: 2, priceBounds: [25, 55] });
      expect(first.products.map((p) => p.name)).toEqual([
        'BPC-157',
        'Epitalon',
        'GHK-Cu',
        'MOTS-c',
        'Selank',
        'Semax',
      ]);
      expect(await names({ page: 2 })).toEqual(['TB-500']);
      expect(await names({ sort: 'price-asc', perPage: 3 })).toEqual(['GHK-Cu', 'TB-500', 'Epitalon']);
      expect(await names({ sort: 'price-desc', perPage: 3 })).toEqual(['MOTS-c', 'Semax', 'Selank']);
      expect(await names({ sort: 'newest', perPage: 3 })).toEqual(['GHK-Cu', 'MOTS-c', 'Epitalon']);
      expect(await names({ inStock: true, category: 'Tissue Repair' })).toEqual(['BPC-157']);
      const cheapHelix = await list({ brand: 'helix labs', max: 36 });
      expect(cheapHelix.products.map((p) => p.name)).toEqual(['Epitalon', 'GHK-Cu']);
      expect(cheapHelix.priceBounds).toEqual([25, 39.99]);
      // Each facet counts over every other filter: brands under $36 whatever the brand chosen.
      expect(cheapHelix.facets.brand).toEqual([
        { name: 'Helix Labs', count: 2 },
        { name: 'NovaPure', count: 1 },
      ]);
      expect(cheapHelix.facets.category).toEqual([
        { name: 'Longevity', count: 1 },
        { name: 'Skin', count: 1 },
      ]);
      expect(first.products[0]).toMatchObject({
        id: byName.get('BPC-157')!.id,
        price: 39.99,
        inStock: true,
        pricesDiffer: false,
        variantCount: 1,
        compareAtPrice: null,
      });
    });

    it('finds by name with a typo, by CAS number, by sequence fragment and by description word', async () => {
      expect(await names({ q: 'bcp-157' })).toEqual(['BPC-157']);
      expect(await names({ q: '137525-51-0' })).toEqual(['BPC-157']);
      expect(await names({ q: 'PPGKP' })).toEqual(['BPC-157']);
      expect(await names({ q: 'tendon' })).toEqual(['BPC-157']);
      expect(await names({ q: 'se', sort: 'relevance' })).toEqual(['Selank', 'Semax']);
    });

    it('reflects creates, edits, orders taking the last stock, hiding and deleting in the next answer', async () => {
      expect((await list({})).total).toBe(7);
      clock += 60_000;
      await store.products.add(
        newProductSchema.parse({ name: 'Kisspeptin-10', price: 20, category: 'Skin' }),
      );
      expect(await names({ sort: 'newest', perPage: 1 })).toEqual(['Kisspeptin-10']);
      await store.products.update(byName.get('Semax')!.id, { price: 9.5 });
      expect(await names({ sort: 'price-asc', perPage: 1 })).toEqual(['Semax']);
      await placeStoredOrder(store.orders, byName.get('Epitalon')!.id, 3);
      expect(await names({ inStock: true, category: 'Longevity' })).toEqual(['MOTS-c']);
      await store.products.setAvailability(byName.get('MOTS-c')!.id, false);
      expect(await names({ category: 'Longevity' })).toEqual(['Epitalon']);
      await store.products.delete(byName.get('BPC-157')!.id);
      expect(await names({ q: 'bpc' })).toEqual([]);
      expect((await list({})).total).toBe(6);
    });
  });
}
