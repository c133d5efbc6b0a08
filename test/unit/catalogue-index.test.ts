import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueIndex } from '../../shared/backend/catalogue/catalogue-index.js';
import { SAMPLE_CATALOGUE } from '../../shared/backend/seed/sample-catalogue.js';
import { openSqliteStore } from '../../shared/backend/store/sqlite/sqlite-store.js';
import type { CatalogueQuery } from '../../shared/domain/catalogue-listing.js';
import { DEFAULT_CATALOGUE_QUERY } from '../../shared/domain/catalogue-query.js';
import { newProductSchema } from '../../shared/domain/product.js';

const store = openSqliteStore({ file: ':memory:' });
const index = new CatalogueIndex(store.products);
const query = (q: Partial<CatalogueQuery>): CatalogueQuery => ({
  ...DEFAULT_CATALOGUE_QUERY,
  perPage: 48,
  ...q,
});
const names = async (q: Partial<CatalogueQuery>) =>
  (await index.list(query(q), 'public')).products.map((p) => p.name);

beforeAll(async () => {
  let clock = Date.UTC(2026, 0, 1);
  for (const { label: _label, lotPurityFrom: _purity, ...input } of SAMPLE_CATALOGUE) {
    await store.products.add(input);
    clock += 1;
  }
  // A product nobody can buy, and one hidden from shoppers.
  const hidden = await store.products.add(
    newProductSchema.parse({ name: 'Hidden Peptide', price: 5, category: 'Longevity', brand: 'NovaPure' }),
  );
  await store.products.setAvailability(hidden.id, false);
  void clock;
});
afterAll(() => store.close());

describe('catalogue index: search', () => {
  it('finds BPC-157 first for "bpc", for "bcp-157" (two letters swapped) and for "bpc157"', async () => {
    expect((await names({ q: 'bpc' }))[0]).toBe('BPC-157');
    expect((await names({ q: 'bcp-157' }))[0]).toBe('BPC-157');
    expect((await names({ q: 'bpc157' }))[0]).toBe('BPC-157');
  });

  it('finds a product by its CAS number, a fragment of its sequence, its category and a description word', async () => {
    expect(await names({ q: '137525-51-0' })).toEqual(['BPC-157']);
    expect(await names({ q: 'Pro-Gly-Lys-Pro' })).toContain('BPC-157');
    expect(await names({ q: 'PPGKPADD' })).toEqual(['BPC-157']);
    expect(await names({ q: 'tissue repair' })).toEqual(['BPC-157', 'TB-500']);
    expect(await names({ q: 'tendon' })).toEqual(['BPC-157']);
  });

  it('ranks a name match above a description match and reads prefixes as typed so far', async () => {
    const semax = await names({ q: 'sema' });
    expect(semax.slice(0, 2).sort()).toEqual(['Semaglutide', 'Semax']);
    const water = await names({ q: 'water' });
    expect(water[0]).toBe('Bacteriostatic Water');
  });

  it('needs every word to match, and finds nothing for words nowhere in the catalogue', async () => {
    expect(await names({ q: 'bpc tb' })).toEqual([]);
    expect(await names({ q: 'zzzzqx' })).toEqual([]);
  });

  it('never shows an unavailable product to shoppers, but the admin scope lists it', async () => {
    expect(await names({ q: 'hidden' })).toEqual([]);
    const admin = await index.list(
      { ...query({ q: 'hidden' }), available: false, outOfStock: false },
      'admin',
    );
    expect(admin.products.map((p) => p.name)).toEqual(['Hidden Peptide']);
  });

  it('suggests available products for what has been typed, best first, at most as many as asked', async () => {
    const suggestions = await index.suggest('bp', 8);
    expect(suggestions[0]).toMatchObject({ name: 'BPC-157', category: 'Tissue Repair' });
    expect(await index.suggest('', 8)).toEqual([]);
    expect(await index.suggest('e', 3)).toHaveLength(3);
  });
});

describe('catalogue index: filters, sorts, facets, bounds, pages', () => {
  it('sorts by name, price both ways and newest, ties by name', async () => {
    const all = (await index.list(query({}), 'public')).products;
    const byName = [...all].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
    expect(all.map((p) => p.name)).toEqual(byName.map((p) => p.name));
    const asc = (await index.list(query({ sort: 'price-asc' }), 'public')).products.map((p) => p.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await index.list(query({ sort: 'price-desc' }), 'public')).products.map((p) => p.price);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const newest = (await index.list(query({ sort: 'newest' }), 'public')).products;
    const times = newest.map((p) => p.createdAt.seconds * 1e9 + p.createdAt.nanoseconds);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('filters by category, brand, price (both ends included) and stock', async () => {
    expect(await names({ category: 'tissue repair' })).toEqual(['BPC-157', 'TB-500']);
    const cognitive = (await index.list(query({ category: 'Cognitive' }), 'public')).products;
    expect(await names({ category: 'Cognitive', brand: 'NovaPure' })).toEqual(
      cognitive.filter((p) => p.brand === 'NovaPure').map((p) => p.name),
    );
    const cheap = (await index.list(query({ min: 29, max: 39.99 }), 'public')).products;
    expect(cheap.length).toBeGreaterThan(0);
    for (const p of cheap) expect(p.price >= 29 && p.price <= 39.99).toBe(true);
    expect(cheap.map((p) => p.name)).toContain('TB-500');
    expect(cheap.map((p) => p.name)).toContain('BPC-157');
    expect(await names({ q: 'semax' })).toEqual(['Semax']);
    expect(await names({ q: 'semax', inStock: true })).toEqual([]);
  });

  it('counts each facet over the set filtered by everything but itself, and bounds over all but price', async () => {
    const page = await index.list(query({ category: 'Tissue Repair', min: 100 }), 'public');
    expect(page.total).toBe(0);
    expect(page.priceBounds).toEqual([29, 39.99]);
    const all = await index.list(query({}), 'public');
    const filtered = await index.list(query({ category: 'Longevity' }), 'public');
    expect(filtered.facets.category).toEqual(all.facets.category);
    expect(filtered.facets.brand.reduce((n, f) => n + f.count, 0)).toBe(filtered.total);
    expect(all.facets.category.find((f) => f.name === 'Tissue Repair')?.count).toBe(2);
  });

  it('answers an unfiltered page from its kept counts exactly as a pass over every product would', async () => {
    for (const sort of ['relevance', 'name', 'price-asc', 'price-desc', 'newest'] as const) {
      const kept = await index.list(query({ sort, page: 2, perPage: 5 }), 'public');
      // min: 0 filters nothing out but takes the full pass
      const counted = await index.list(query({ sort, page: 2, perPage: 5, min: 0 }), 'public');
      expect(kept).toEqual(counted);
    }
  });

  it('answers the last page for a page past the end, and an empty set as page 1 of 0', async () => {
    const first = await index.list(query({ perPage: 6 }), 'public');
    expect(first.totalPages).toBe(Math.ceil(first.total / 6));
    const past = await index.list(query({ perPage: 6, page: 999 }), 'public');
    expect(past.page).toBe(first.totalPages);
    expect(past.products.length).toBe(first.total - 6 * (first.totalPages - 1));
    const none = await index.list(query({ q: 'zzzzqx' }), 'public');
    expect(none).toMatchObject({ page: 1, total: 0, totalPages: 0, products: [], priceBounds: [0, 0] });
  });

  it('takes in a write without rebuilding: a renamed product is found by its new name at once', async () => {
    const tb = (await store.products.findByName('TB-500'))!;
    await store.products.update(tb.id, { name: 'TB-500 Fragment' });
    expect((await names({ q: 'fragment' }))[0]).toBe('TB-500 Fragment');
    await store.products.delete(tb.id);
    expect(await names({ q: 'fragment' })).not.toContain('TB-500 Fragment');
    expect(await names({ q: 'tb-500' })).toEqual([]);
  });
});
