import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shopAndBrowserForFile } from '../support/browser-shop.js';

const ctx = shopAndBrowserForFile();

const cards = (page: Page) => page.getByTestId('product-card');
const cardNames = (page: Page) => cards(page).getByRole('heading').allTextContents();
const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' });
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Every catalogue answer the page received, to check that none is more than a page. */
function catalogueAnswers(page: Page): { url: string; products: number }[] {
  const seen: { url: string; products: number }[] = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (url.pathname !== '/api/products' || response.status() !== 200) return;
    // A page closed by the test's end takes its last bodies with it.
    const body = (await response.json().catch(() => null)) as { products: unknown[] } | null;
    if (body) seen.push({ url: url.pathname + url.search, products: body.products.length });
  });
  return seen;
}

describe('searching from the top navigation', () => {
  it('suggests BPC-157 for the typo "bcp-157"; arrows and Enter open it, and Enter on the words lists the matches in the store', async () => {
    const page = await (await ctx.browser.newContext()).newPage();
    await page.goto(`${ctx.shop.url}/`);
    const box = searchBox(page);
    await box.fill('bcp-157');
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    await listbox.getByRole('option').first().waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await listbox.getByRole('option').first().textContent()).toContain('BPC-157');
    await box.press('ArrowDown');
    expect(await listbox.getByRole('option').first().getAttribute('aria-selected')).toBe('true');
    expect(await box.getAttribute('aria-activedescendant')).toBe(
      await listbox.getByRole('option').first().getAttribute('id'),
    );
    await box.press('Enter');
    await page.waitForURL(/\/products\//);
    await page.getByRole('heading', { name: 'BPC-157', level: 1 }).waitFor();

    await box.fill('bpc');
    await box.press('Enter');
    await page.waitForURL(`${ctx.shop.url}/store?q=bpc`);
    await page.getByText('Results for “bpc”').waitFor();
    await expect.poll(async () => (await cardNames(page))[0]).toBe('BPC-157');
    expect(await box.inputValue()).toBe('bpc');

    // A suggestion is a link to its product too: clicking it opens the product.
    await box.fill('semaglu');
    await page.getByRole('option', { name: /Semaglutide/ }).click();
    await page.getByRole('heading', { name: 'Semaglutide', level: 1 }).waitFor();
    await page.context().close();
  });

  it('says so when nothing matches, and clears the search back to the whole store', async () => {
    const page = await (await ctx.browser.newContext()).newPage();
    await page.goto(`${ctx.shop.url}/store?q=zzqqxx`);
    await page.getByText('No products match “zzqqxx”').waitFor();
    await page.getByRole('link', { name: 'Show all products' }).click();
    await page.waitForURL(`${ctx.shop.url}/store`);
    await page.getByText('Showing 1–6 of 15 products').waitFor();
    await page.context().close();
  });
});

describe('browsing the store by the URL', () => {
  it('filters by category from its facet, opens a page given in the URL directly, and the back button restores the one before', async () => {
    const page = await (await ctx.browser.newContext()).newPage();
    const answers = catalogueAnswers(page);
    await page.goto(`${ctx.shop.url}/store`);
    const categories = page.getByRole('navigation', { name: 'Categories' });
    await categories.getByRole('link', { name: 'GH Secretagogues 3' }).click();
    await page.waitForURL(`${ctx.shop.url}/store?category=GH+Secretagogues`);
    await page.getByText('Showing 1–3 of 3 products').waitFor();
    expect((await cardNames(page)).sort()).toEqual(['CJC-1295 (no DAC)', 'Ipamorelin', 'Sermorelin']);

    await page.goto(`${ctx.shop.url}/store?category=GH+Secretagogues&sort=price-desc&perPage=2&page=2`);
    await page.getByText('Page 2 of 2').waitFor();
    expect(await cards(page).count()).toBe(1);
    const secondPage = await cardNames(page);
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('price-desc');

    await page.getByRole('link', { name: 'Page 1' }).click();
    await page.waitForURL(/perPage=2$/);
    await page.getByText('Page 1 of 2').waitFor();
    expect(await cards(page).count()).toBe(2);
    await page.goBack();
    await page.waitForURL(/page=2$/);
    await page.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => cardNames(page)).toEqual(secondPage);

    // The sort and the in-stock switch go in the URL and start again at page 1.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('name');
    await page.waitForURL(`${ctx.shop.url}/store?category=GH+Secretagogues&perPage=2`);
    await expect.poll(() => cardNames(page)).toEqual(['CJC-1295 (no DAC)', 'Ipamorelin']);
    await page.getByRole('checkbox', { name: 'In stock only' }).check();
    await page.waitForURL(/inStock=true/);

    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) expect(answer.products, answer.url).toBeLessThanOrEqual(6);
    await page.context().close();
  });

  it('on a phone: the search box and the category facet work at 375px, and nothing scrolls sideways', async () => {
    const page = await (
      await ctx.browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true })
    ).newPage();
    await page.goto(`${ctx.shop.url}/store?category=Metabolic`);
    await page.getByText('Showing 1–2 of 2 products').waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    const box = searchBox(page);
    await box.tap();
    await box.fill('tirz');
    const option = page.getByRole('option', { name: /Tirzepatide/ });
    await option.waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await option.tap();
    await page.getByRole('heading', { name: 'Tirzepatide', level: 1 }).waitFor();
    await page.goBack();
    await page.getByText('Showing 1–2 of 2 products').waitFor();
    await page.context().close();
  });
});

describe('the home page', () => {
  it('shows featured products from one small listing the page came with, asking the API for nothing, never the whole catalogue', async () => {
    const page = await (await ctx.browser.newContext()).newPage();
    const answers = catalogueAnswers(page);
    await page.goto(`${ctx.shop.url}/`);
    await cards(page).first().waitFor();
    expect(await cards(page).count()).toBe(3);
    await page.waitForLoadState('networkidle');
    expect(answers).toHaveLength(0);
    const embedded = JSON.parse((await page.locator('#page-data').textContent())!) as Record<
      string,
      { products: unknown[] }
    >;
    const listings = Object.values(embedded);
    expect(listings).toHaveLength(1);
    // The sample catalogue holds 15 products: the page came with fewer.
    expect(listings[0]!.products.length).toBeLessThan(15);
    await page.context().close();
  });
});
