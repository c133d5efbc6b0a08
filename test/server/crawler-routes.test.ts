import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProductSchema } from '../../shared/domain/product.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ORIGIN = 'https://shop.example';
let t: TestApp;
let shownId: string;
let hiddenId: string;

const get = (path: string) => t.app.request(path, { headers: { host: 'localhost' } });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

beforeAll(async () => {
  t = createTestApp({}, { SHOP_PUBLIC_URL: ORIGIN });
  const add = (name: string, category: string) =>
    t.store.products.add(newProductSchema.parse({ name, price: 25, category }));
  shownId = (await add('Sitemap Peptide', 'Healing & Repair')).id;
  hiddenId = (await add('Withdrawn Peptide', 'Withdrawn only')).id;
  await t.store.products.setAvailability(hiddenId, false);
});
afterAll(() => t.close());

describe('what crawlers read', () => {
  it('robots.txt keeps crawlers out of the admin, checkout, API and order pages and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await response.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of ['/admin', '/checkout', '/api', '/orders'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('the sitemap lists the public pages, every available product and its category with lastmod, never an unavailable one', async () => {
    const response = await get('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
    const urls = locs(xml);
    for (const path of ['/', '/store', '/verify', '/contact', '/terms-of-service'])
      expect(urls).toContain(`${ORIGIN}${path}`);
    expect(urls).toContain(`${ORIGIN}/products/${shownId}`);
    expect(urls).toContain(`${ORIGIN}/store?category=Healing%20%26%20Repair`);
    expect(xml).toContain('<loc>https://shop.example/store?category=Healing%20%26%20Repair</loc>');
    expect(urls.some((u) => u.includes(hiddenId) || u.includes('Withdrawn'))).toBe(false);
    const today = new Date().toISOString().slice(0, 10);
    expect(xml).toContain(`<loc>${ORIGIN}/products/${shownId}</loc><lastmod>${today}</lastmod>`);
  });

  it('the sitemap follows a product made unavailable', async () => {
    const product = await t.store.products.add(newProductSchema.parse({ name: 'Soon Gone', price: 9 }));
    expect(locs(await (await get('/sitemap.xml')).text())).toContain(`${ORIGIN}/products/${product.id}`);
    await t.store.products.setAvailability(product.id, false);
    expect(locs(await (await get('/sitemap.xml')).text())).not.toContain(`${ORIGIN}/products/${product.id}`);
  });

  it('serves the web manifest and the favicon, and sends /favicon.ico to it', async () => {
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const body = await manifest.json();
    expect(body.name).toBe('Helix Peptides');
    expect(body.icons[0].src).toBe('/favicon.svg');
    expect((await get('/favicon.svg')).headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const ico = await get('/favicon.ico');
    expect(ico.status).toBe(301);
    expect(ico.headers.get('location')).toBe('/favicon.svg');
    expect(await (await get('/')).text()).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  });
});

describe('pages that do not exist', () => {
  it('answers 404 with a noindex page for unknown paths, unknown products and unavailable ones', async () => {
    for (const path of ['/no-such-page', '/store/extra', `/products/${hiddenId}`, '/products/no-such-id']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain('<meta name="robots" content="noindex" />');
      // The app still loads, to show its own not-found screen with links back to the shop.
      expect(html, path).toContain('<div id="root">');
    }
  });

  it('answers 200 without noindex for the shop pages and an available product', async () => {
    for (const path of [
      '/',
      '/home',
      '/store',
      '/store/',
      `/products/${shownId}`,
      '/verify',
      '/contact',
      '/terms-of-service',
      '/checkout',
      '/order-details/abc',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).not.toContain('noindex');
    }
  });
});
