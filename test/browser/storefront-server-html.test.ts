import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CataloguePage } from '../../shared/domain/catalogue-listing.js';
import type { Lot } from '../../shared/domain/lot.js';
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
    /** The page's visible text, as the server rendered it (blocks apart, as a reader sees them). */
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText, not the DOM's; textContent would run blocks together
    text: (await page.locator('#root').innerText()).replace(/\s+/g, ' '),
    page,
  };
}

let bpc: Product;
let bpcLot: Lot;

const getJson = async <T>(path: string) => (await (await fetch(`${ctx.shop.url}${path}`)).json()) as T;
const price = (dollars: number) => `$${dollars.toFixed(2)}`;

beforeAll(async () => {
  const listing = await getJson<CataloguePage>('/api/products?q=BPC-157');
  const id = listing.products.find((p) => p.name === 'BPC-157')!.id;
  bpc = (await getJson<{ product: Product }>(`/api/products/${id}`)).product;
  bpcLot = (await getJson<{ lots: Lot[] }>(`/api/products/${id}/lots`)).lots[0]!;
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

describe('public pages arrive with their content rendered by React, JavaScript disabled', () => {
  it('the home page shows its headline, the featured products with their prices and the research-use notice', async () => {
    const featured = await getJson<CataloguePage>('/api/products?sort=price-desc&perPage=12');
    const page = await openWithoutScripts('/');
    expect(page.text).toContain('Research peptides you can verify.');
    expect(page.text).toContain('For research use only');
    const cards = page.page.getByRole('main').getByRole('link', { name: featured.products[0]!.name });
    expect(await cards.count()).toBeGreaterThan(0);
    expect(page.text).toContain(price(featured.products[0]!.price));
    expect(page.text).not.toContain('Loading');
  });

  it('the store shows the page of products its address asks for, with their prices; page 2 shows the next ones', async () => {
    const listing = await getJson<CataloguePage>('/api/products?sort=price-asc&perPage=6');
    const page = await openWithoutScripts('/store?sort=price-asc');
    expect(page.text).toContain('Store');
    for (const product of listing.products) {
      expect(page.text).toContain(product.name);
      expect(page.text).toContain(price(product.price));
    }
    const later = await getJson<CataloguePage>('/api/products?sort=price-asc&page=2');
    const second = await openWithoutScripts('/store?sort=price-asc&page=2');
    expect(second.text).toContain(later.products[0]!.name);
    expect(second.text).not.toContain(listing.products[0]!.name);
    const search = await openWithoutScripts('/store?q=bpc');
    expect(search.text).toContain('BPC-157');
  });

  it('a product page shows the name, the first size’s price, the sizes, the specifications and the current lot with its certificate', async () => {
    const page = await openWithoutScripts(`/products/${bpc.id}`);
    expect(await page.page.getByRole('heading', { level: 1 }).textContent()).toBe('BPC-157');
    expect(page.text).toContain(price(bpc.variants[0]!.price));
    for (const variant of bpc.variants) expect(page.text).toContain(Object.values(variant.options)[0]);
    expect(page.text).toContain(`CAS number ${bpc.specs.casNumber}`);
    expect(page.text).toContain(`Current lot ${bpcLot.lotNumber}`);
    expect(
      await page.page.getByRole('link', { name: 'Certificate of analysis (PDF)' }).getAttribute('href'),
    ).toBe(bpcLot.coaUrl);
  });

  it('verify shows the lot asked for in its address, contact its form and terms their text', async () => {
    const verify = await openWithoutScripts(`/verify?lot=${bpcLot.lotNumber}`);
    expect(verify.text).toContain(`Lot ${bpcLot.lotNumber}`);
    expect(verify.text).toContain(`Purity ${bpcLot.purity}%`);
    expect(verify.text).toContain('BPC-157');
    const contact = await openWithoutScripts('/contact');
    expect(contact.text).toContain('Contact us');
    expect(await contact.page.getByRole('button', { name: 'Send message' }).count()).toBe(1);
    const terms = await openWithoutScripts('/terms-of-service');
    expect(terms.text).toContain('Terms of Service');
    expect(terms.text.length).toBeGreaterThan(1500);
  });

  it('the 404 pages say what was not found, and the shopper’s own pages are left to the browser', async () => {
    expect((await openWithoutScripts('/no-such-page')).text).toContain('Page not found');
    expect((await openWithoutScripts('/products/no-such-product')).text).toContain('Product not found');
    for (const path of ['/checkout', '/login', '/orders']) {
      const page = await openWithoutScripts(path);
      expect(page.status, path).toBe(200);
      expect(page.text.trim(), path).toBe('');
    }
  });
});
