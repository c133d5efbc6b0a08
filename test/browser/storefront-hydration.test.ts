import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CataloguePage } from '../../shared/domain/catalogue-listing.js';
import { freshPage, hydrated, shopAndBrowserForFile } from '../support/browser-shop.js';

const ctx = shopAndBrowserForFile();

/** What the page did after the server's HTML arrived: console errors and the API reads it made. */
function watch(page: Page) {
  const errors: string[] = [];
  const apiReads: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/products') || url.pathname.startsWith('/api/lots'))
      apiReads.push(url.pathname + url.search);
  });
  return { errors, apiReads };
}

let productId: string;
let lotNumber: string;

beforeAll(async () => {
  const listing = (await (await fetch(`${ctx.shop.url}/api/products?q=BPC-157`)).json()) as CataloguePage;
  productId = listing.products.find((p) => p.name === 'BPC-157')!.id;
  const { lots } = (await (await fetch(`${ctx.shop.url}/api/products/${productId}/lots`)).json()) as {
    lots: { lotNumber: string }[];
  };
  lotNumber = lots[0]!.lotNumber;
});

describe('server-rendered pages hydrate in the browser', () => {
  it('home, store, a product, verify, contact and terms hydrate without a mismatch and without asking the API again for what the page came with', async () => {
    for (const path of [
      '/',
      '/store?sort=price-asc',
      `/products/${productId}`,
      `/verify?lot=${lotNumber}`,
      '/contact',
      '/terms-of-service',
    ]) {
      const page = await freshPage(ctx.browser);
      const seen = watch(page);
      await page.goto(`${ctx.shop.url}${path}`);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(seen.errors, path).toEqual([]);
      expect(seen.apiReads, path).toEqual([]);
      await page.context().close();
    }
  });

  it('a product page the server drew takes a click once hydrated, and the saved cart shows on the next page the server draws, with no mismatch from the server knowing no cart', async () => {
    const page = await freshPage(ctx.browser);
    const seen = watch(page);
    await page.goto(`${ctx.shop.url}/products/${productId}`);
    await hydrated(page);
    await page.getByRole('button', { name: /add to cart/i }).click();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    await page.goto(`${ctx.shop.url}/store`);
    await hydrated(page);
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    expect(seen.errors).toEqual([]);
  });

  it('moving on to another page after hydration loads its data as before', async () => {
    const page = await freshPage(ctx.browser);
    const seen = watch(page);
    await page.goto(`${ctx.shop.url}/`);
    await hydrated(page);
    await page.getByRole('link', { name: 'Shop all peptides' }).click();
    await page.getByRole('heading', { name: 'Store' }).waitFor();
    await expect.poll(() => seen.apiReads.some((read) => read.startsWith('/api/products'))).toBe(true);
    await page.locator('article, li').filter({ hasText: 'BPC-157' }).first().waitFor();
    expect(seen.errors).toEqual([]);
  });
});
