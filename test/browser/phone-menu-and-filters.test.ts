import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shopAndBrowserForFile } from '../support/browser-shop.js';
import { PHONE } from '../support/phone.js';

const ctx = shopAndBrowserForFile();

async function phone(): Promise<Page> {
  const context = await ctx.browser.newContext(PHONE);
  return context.newPage();
}

async function desktop(): Promise<Page> {
  return (await ctx.browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const menuButton = (page: Page) => nav(page).getByRole('button', { name: 'Menu' });
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('on a phone the navigation links sit behind a Menu button', () => {
  it('opens on the button with the focus on its first link; Escape closes it and gives the focus back', async () => {
    const page = await phone();
    await page.goto(`${ctx.shop.url}/`);
    await nav(page)
      .getByRole('link', { name: 'Sign In', includeHidden: true })
      .waitFor({ state: 'attached' });
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    expect(await nav(page).getByRole('link', { name: 'Contact' }).isVisible()).toBe(false);

    await menuButton(page).tap();
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Home', 'Store', 'Contact', 'Sign In'])
      expect(await nav(page).getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    await expect.poll(() => focused(page)).toBe('Home');
    // The panel lies over the page: nothing below it moved, nothing scrolls sideways.
    expect(await sidewaysScroll(page)).toBe(0);

    await page.keyboard.press('Escape');
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    expect(await nav(page).getByRole('link', { name: 'Contact' }).isVisible()).toBe(false);
    expect(await focused(page)).toBe('Menu');
    await page.context().close();
  });

  it('closes on a tap outside it, on Tab past its last link, and once a link is followed', async () => {
    const page = await phone();
    await page.goto(`${ctx.shop.url}/`);
    await nav(page)
      .getByRole('link', { name: 'Sign In', includeHidden: true })
      .waitFor({ state: 'attached' });
    await menuButton(page).tap();
    await page.getByRole('heading', { name: 'Why researchers choose us' }).tap();
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');

    await menuButton(page).tap();
    await nav(page).getByRole('link', { name: 'Sign In' }).focus();
    await page.keyboard.press('Tab');
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');

    await menuButton(page).tap();
    await nav(page).getByRole('link', { name: 'Contact' }).tap();
    await page.waitForURL(`${ctx.shop.url}/contact`);
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    expect(await nav(page).getByRole('link', { name: 'Store' }).isVisible()).toBe(false);
    await page.context().close();
  });

  it('on a desktop there is no Menu button and the links stay in the bar', async () => {
    const page = await desktop();
    await page.goto(`${ctx.shop.url}/`);
    await nav(page).getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await menuButton(page).isVisible()).toBe(false);
    const bar = (await page.getByRole('banner').boundingBox())!;
    for (const name of ['Home', 'Store', 'Contact']) {
      const link = (await nav(page).getByRole('link', { name, exact: true }).boundingBox())!;
      expect(link.y + link.height).toBeLessThanOrEqual(bar.y + bar.height);
    }
    await page.context().close();
  });
});

describe('on a phone the store’s filters are folded behind a Filters button', () => {
  const filters = (page: Page) => page.getByRole('button', { name: 'Filters' });
  const categories = (page: Page) => page.getByRole('navigation', { name: 'Categories' });

  it('lists the products first; the button unfolds categories and price, and a choice folds them again', async () => {
    const page = await phone();
    await page.goto(`${ctx.shop.url}/store`);
    await page.getByTestId('product-card').first().waitFor();
    expect(await filters(page).getAttribute('aria-expanded')).toBe('false');
    expect(await categories(page).isVisible()).toBe(false);
    expect(await page.getByLabel('Minimum price').isVisible()).toBe(false);
    // The first products are on the first screen, under the button.
    const card = (await page.getByTestId('product-card').first().boundingBox())!;
    expect(card.y).toBeLessThan(844 / 2);

    await filters(page).tap();
    expect(await filters(page).getAttribute('aria-expanded')).toBe('true');
    await categories(page)
      .getByRole('link', { name: /^Metabolic/ })
      .tap();
    await page.waitForURL(/category=Metabolic/);
    await page.getByText('Showing 1–2 of 2 products').waitFor();
    expect(await filters(page).getAttribute('aria-expanded')).toBe('false');
    expect(await categories(page).isVisible()).toBe(false);

    await filters(page).tap();
    const lowest = (await page.getByLabel('Minimum price').getAttribute('min'))!;
    const highest = (await page.getByLabel('Minimum price').getAttribute('max'))!;
    expect(Number(lowest)).toBeLessThan(Number(highest));
    await page.getByLabel('Minimum price').fill(highest);
    await page.getByLabel('Maximum price').fill(lowest);
    await page.getByRole('button', { name: 'Apply' }).tap();
    // A refused range keeps the panel open with its reason.
    await page
      .getByRole('alert')
      .filter({ hasText: 'Minimum price cannot be above maximum price' })
      .waitFor();
    await page.getByLabel('Maximum price').fill(highest);
    await page.getByRole('button', { name: 'Apply' }).tap();
    await page.waitForURL(new RegExp(`min=${highest}`));
    await expect.poll(() => filters(page).getAttribute('aria-expanded')).toBe('false');

    await filters(page).tap();
    await page.getByLabel('Minimum price').focus();
    await page.keyboard.press('Escape');
    expect(await filters(page).getAttribute('aria-expanded')).toBe('false');
    expect(await focused(page)).toBe('Filters');
    expect(await sidewaysScroll(page)).toBe(0);
    await page.context().close();
  });

  it('on a desktop the filters stand beside the products with no button', async () => {
    const page = await desktop();
    await page.goto(`${ctx.shop.url}/store`);
    await page.getByTestId('product-card').first().waitFor();
    expect(await filters(page).isVisible()).toBe(false);
    const column = (await categories(page).boundingBox())!;
    const card = (await page.getByTestId('product-card').first().boundingBox())!;
    expect(column.x + column.width).toBeLessThan(card.x);
    expect(await page.getByLabel('Minimum price').isVisible()).toBe(true);
    await page.context().close();
  });
});
