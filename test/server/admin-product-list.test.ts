import { describe, expect, it } from 'vitest';
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
