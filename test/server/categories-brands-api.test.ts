import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../shared/backend/store/sqlite/sqlite-store.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = createTestApp();
  const add = (name: string, category: string, brand: string) =>
    t.store.products.add(newProductSchema.parse({ name, price: 20, category, brand }));
  await add('Repair one', 'Tissue Repair', 'NovaPure');
  await add('Repair two', 'Tissue Repair', 'Helix Labs');
  await add('Metabolic one', 'Metabolic', 'NovaPure');
  await add('Unlabelled', '', '');
  const withdrawn = await add('Withdrawn', 'Cognitive', 'Apex');
  await t.store.products.setAvailability(withdrawn.id, false);
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });

describe('GET /api/categories and /api/brands', () => {
  it('count available products under each name, sorted by name, leaving out blank names and withdrawn products', async () => {
    expect(await (await get('/api/categories')).json()).toEqual({
      categories: [
        { name: 'Metabolic', count: 1 },
        { name: 'Tissue Repair', count: 2 },
      ],
    });
    expect(await (await get('/api/brands')).json()).toEqual({
      brands: [
        { name: 'Helix Labs', count: 1 },
        { name: 'NovaPure', count: 2 },
      ],
    });
  });

  it('answer 304 until the catalogue changes, also when another process (the CLI) changes it', async () => {
    const first = await get('/api/categories');
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect((await get('/api/categories', { 'if-none-match': etag })).status).toBe(304);

    const elsewhere = openSqliteStore({ file: join(t.dataDir, 'shop.sqlite') });
    await elsewhere.products.add(
      newProductSchema.parse({ name: 'From the CLI', price: 9, category: 'Longevity' }),
    );
    await elsewhere.close();

    const after = await get('/api/categories', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect((await after.json()).categories).toContainEqual({ name: 'Longevity', count: 1 });
  });
});
