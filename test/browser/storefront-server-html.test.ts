import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CataloguePage } from '../../shared/domain/catalogue-listing.js';
import type { Product } from '../../shared/domain/product.js';
import { shopAndBrowserForFile } from '../support/browser-shop.js';

const ctx = shopAndBrowserForFile();

type Ld = Record<string, unknown> & { '@type': string };

/** A page as a crawler or a link preview sees it: the server's HTML, no script run. */
async function withoutScripts(browser: Browser): Promise<Page> {
  return (await browser.newContext({ javaScriptEnabled: false })).newPage();
}

async function openWithoutScripts(path: string) {
  const page = await withoutScripts(ctx.browser);
  const response = await page.goto(`${ctx.shop.url}${path}`);
  const meta = (selector: string) => page.locator(selector).first().getAttribute('content');
  return {
    status: response?.status(),
    title: await page.title(),
    canonical: (await page.locator('link[rel="canonical"]').count())
      ? await page.locator('link[rel="canonical"]').getAttribute('href')
      : null,
    description: await meta('meta[name="description"]'),
    robots: (await page.locator('meta[name="robots"]').count()) ? await meta('meta[name="robots"]') : null,
    og: async (property: string) => meta(`meta[property="${property}"]`),
    twitter: async (name: string) => meta(`meta[name="${name}"]`),
    ld: (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as Ld,
    ),
    titles: await page.locator('title').count(),
  };
}

let bpc: Product;

beforeAll(async () => {
  const listing = (await (await fetch(`${ctx.shop.url}/api/products?q=BPC-157`)).json()) as CataloguePage;
  const id = listing.products.find((p) => p.name === 'BPC-157')!.id;
  bpc = ((await (await fetch(`${ctx.shop.url}/api/products/${id}`)).json()) as { product: Product }).product;
});

describe('public pages as the server sends them, JavaScript disabled', () => {
  it('the home page has the shop title, its canonical address and Organization + WebSite with a store search action', async () => {
    for (const path of ['/', '/home']) {
      const page = await openWithoutScripts(path);
      expect(page.status).toBe(200);
      expect(page.title).toBe('Helix Peptides — research peptides');
      expect(page.titles).toBe(1);
      expect(page.canonical).toBe(`${ctx.shop.url}/`);
      expect(page.description).toMatch(/certificate of analysis/);
      expect(await page.og('og:type')).toBe('website');
      expect(page.ld.map((d) => d['@type'])).toEqual(['Organization', 'WebSite']);
      const site = page.ld[1]!;
      expect(site.potentialAction).toEqual({
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${ctx.shop.url}/store?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      });
    }
  });

  it('a product page names the product, shows its image and price for link previews, and has a Product with one Offer per size and a breadcrumb', async () => {
    const page = await openWithoutScripts(`/products/${bpc.id}`);
    expect(page.status).toBe(200);
    expect(page.title).toBe('BPC-157 · Helix Peptides');
    expect(page.canonical).toBe(`${ctx.shop.url}/products/${bpc.id}`);
    expect(page.description?.length).toBeGreaterThan(20);
    expect(await page.og('og:type')).toBe('product');
    expect(await page.og('og:title')).toBe('BPC-157 · Helix Peptides');
    expect(await page.og('og:image')).toMatch(/^http/);
    expect(await page.og('product:price:amount')).toBe(bpc.price.toFixed(2));
    expect(await page.og('product:price:currency')).toBe('USD');
    expect(await page.twitter('twitter:card')).toBe('summary_large_image');
    const [product, breadcrumb] = page.ld;
    expect(product!['@type']).toBe('Product');
    expect(product!.name).toBe('BPC-157');
    expect(bpc.variants.length).toBeGreaterThan(1);
    expect(product!.offers).toEqual(
      bpc.variants.map((v) =>
        expect.objectContaining({
          '@type': 'Offer',
          price: v.price.toFixed(2),
          priceCurrency: 'USD',
          sku: v.sku,
          availability: 'https://schema.org/InStock',
        }),
      ),
    );
    expect(breadcrumb!['@type']).toBe('BreadcrumbList');
    const crumbs = breadcrumb!.itemListElement as { position: number; name: string; item: string }[];
    expect(crumbs.map((c) => c.name)).toEqual(['Home', 'Store', bpc.category, 'BPC-157']);
    expect(crumbs.at(-1)!.item).toBe(page.canonical);
  });

  it('the store lists the page shown as an ItemList, with the query kept in its canonical address', async () => {
    const listing = (await (
      await fetch(`${ctx.shop.url}/api/products?sort=price-asc`)
    ).json()) as CataloguePage;
    const page = await openWithoutScripts('/store?sort=price-asc');
    expect(page.status).toBe(200);
    expect(page.title).toBe('Store · Helix Peptides');
    expect(page.canonical).toBe(`${ctx.shop.url}/store?sort=price-asc`);
    const [list] = page.ld;
    expect(list!['@type']).toBe('ItemList');
    expect(list!.numberOfItems).toBe(listing.total);
    expect(list!.itemListElement).toEqual(
      listing.products.map((p, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: p.name,
        url: `${ctx.shop.url}/products/${p.id}`,
      })),
    );
    const search = await openWithoutScripts('/store?q=bpc');
    expect(search.title).toBe('Search: bpc · Helix Peptides');
  });

  it('verify, contact and terms have their own title, description and canonical address', async () => {
    for (const [path, title] of [
      ['/verify', 'Verify a lot'],
      ['/contact', 'Contact'],
      ['/terms-of-service', 'Terms of Service'],
    ] as const) {
      const page = await openWithoutScripts(path);
      expect(page.status, path).toBe(200);
      expect(page.title).toBe(`${title} · Helix Peptides`);
      expect(page.canonical).toBe(`${ctx.shop.url}${path}`);
      expect(page.robots).toBeNull();
      expect(page.description).not.toBe('');
    }
  });

  it('unknown pages and unknown products answer 404 with noindex and no canonical address', async () => {
    for (const [path, title] of [
      ['/no-such-page', 'Page not found · Helix Peptides'],
      ['/products/no-such-product', 'Product not found · Helix Peptides'],
    ] as const) {
      const page = await openWithoutScripts(path);
      expect(page.status, path).toBe(404);
      expect(page.title).toBe(title);
      expect(page.robots).toBe('noindex');
      expect(page.canonical).toBeNull();
    }
  });
});
