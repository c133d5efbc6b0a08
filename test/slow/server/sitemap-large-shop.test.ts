import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITEMAP_URLS_PER_FILE } from '../../../server/crawler-routes.js';
import type { ProductWrite } from '../../../shared/backend/store/port.js';
import { newProductSchema } from '../../../shared/domain/product.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

// The rest of what crawlers read is in test/server/crawler-routes.test.ts.
const ORIGIN = 'https://shop.example';
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

describe('a sitemap of a large shop', () => {
  let big: TestApp;
  const PRODUCTS = SITEMAP_URLS_PER_FILE + 10_000;

  beforeAll(async () => {
    big = createTestApp({}, { SHOP_PUBLIC_URL: ORIGIN });
    const batches = function* () {
      for (let start = 0; start < PRODUCTS; start += 5_000) {
        const batch: ProductWrite[] = [];
        for (let i = start; i < Math.min(PRODUCTS, start + 5_000); i++)
          batch.push({
            op: 'create',
            product: newProductSchema.parse({ name: `Bulk ${i}`, price: 10, category: `Category ${i % 7}` }),
          });
        yield batch;
      }
    };
    await big.store.products.bulkWrite(batches());
  }, 120_000);
  afterAll(() => big.close());

  it('over 50,000 URLs becomes a sitemap index whose files, each within the limit, list every product once', async () => {
    const request = (path: string) => big.app.request(path, { headers: { host: 'localhost' } });
    const index = await (await request('/sitemap.xml')).text();
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(index);
    expect(files).toEqual([`${ORIGIN}/sitemap-1.xml`, `${ORIGIN}/sitemap-2.xml`]);
    const seen = new Set<string>();
    for (const file of files) {
      const response = await request(new URL(file).pathname);
      expect(response.status).toBe(200);
      const urls = locs(await response.text());
      expect(urls.length).toBeLessThanOrEqual(SITEMAP_URLS_PER_FILE);
      for (const url of urls) seen.add(url);
    }
    expect([...seen].filter((u) => u.includes('/products/'))).toHaveLength(PRODUCTS);
    expect([...seen].filter((u) => u.includes('category='))).toHaveLength(7);
    expect((await request('/sitemap-3.xml')).status).toBe(404);
  }, 120_000);
});
