import { describe, expect, it } from 'vitest';
import type { AdminProductPage } from '../../shared/domain/admin-product-listing.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { adminAppForFile } from '../support/admin-app.js';
import { jsonRequest } from '../support/test-app.js';

const ctx = adminAppForFile();

const list = (etag?: string) => {
  const init = jsonRequest('GET', undefined, ctx.admin.idToken);
  if (etag) (init.headers as Record<string, string>)['if-none-match'] = etag;
  return ctx.t.app.request('/api/admin/products', init);
};

describe('GET /api/admin/products, polled by the admin app', () => {
  it('answers 304 while nothing changed and the full list once anything did', async () => {
    const first = await list();
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('private, no-cache');

    expect((await list(etag)).status).toBe(304);

    // A change made elsewhere (here straight in the store, as the CLI does).
    await ctx.t.store.products.add(
      newProductSchema.parse({
        name: 'Polled peptide',
        price: 20,
        description: '',
        imgUrl: '',
        category: '',
        brand: '',
        stock: null,
      }),
    );
    const changed = await list(etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect((await changed.json()).products.map((p: { name: string }) => p.name)).toContain('Polled peptide');
  });
});

describe('GET /api/admin/products: one page from the catalogue index, filtered by the server', () => {
  const page = async (query: string) => {
    const init = jsonRequest('GET', undefined, ctx.admin.idToken);
    const response = await ctx.t.app.request(`/api/admin/products${query}`, init);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as AdminProductPage;
  };
  const names = async (query: string) => (await page(query)).products.map((p) => p.name);
  const add = async (name: string, stock: number | null, category = 'Filtered') =>
    ctx.t.store.products.add(newProductSchema.parse({ name, price: 20, stock, category }));

  it('filters by availability, stock (in, out, low) and category, pages 10 at a time, and answers whole products', async () => {
    const hidden = await add('Filter hidden', 40);
    await ctx.t.store.products.setAvailability(hidden.id, false);
    await add('Filter low', 3);
    await add('Filter sold out', 0);
    await add('Filter plenty', 80, 'Other');
    for (let i = 0; i < 11; i++) await add(`Filter many ${String(i).padStart(2, '0')}`, null, 'Many');

    expect(await names('?q=filter&category=Filtered&sort=name')).toEqual([
      'Filter hidden',
      'Filter low',
      'Filter sold out',
    ]);
    expect(await names('?q=filter&available=false')).toEqual(['Filter hidden']);
    expect(await names('?q=filter&stock=low')).toEqual(['Filter low']);
    expect(await names('?q=filter&stock=out&available=true')).toEqual(['Filter sold out']);
    expect(await names('?q=filter&stock=in&category=Other')).toEqual(['Filter plenty']);

    const many = await page('?category=Many&page=2');
    expect({
      page: many.page,
      perPage: many.perPage,
      total: many.total,
      totalPages: many.totalPages,
    }).toEqual({
      page: 2,
      perPage: 10,
      total: 11,
      totalPages: 2,
    });
    expect(many.products.map((p) => p.name)).toEqual(['Filter many 10']);
    expect(many.products[0]!.variants).toHaveLength(1);
    expect((await page('?q=filter')).categories).toEqual(
      expect.arrayContaining([
        { name: 'Filtered', count: 3 },
        { name: 'Many', count: 11 },
      ]),
    );
  });

  it('refuses a stock filter it does not know with 400 naming it', async () => {
    const response = await ctx.t.app.request(
      '/api/admin/products?stock=some&perPage=0',
      jsonRequest('GET', undefined, ctx.admin.idToken),
    );
    expect(response.status).toBe(400);
    const fields = (await response.json()).error.fields.map((f: { field: string }) => f.field).sort();
    expect(fields).toEqual(['perPage', 'stock']);
  });
});
