import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAdminPage } from '../support/admin-pages.js';
import { signUp } from '../support/auth-users.js';
import { shopAndBrowserForFile, signInAt } from '../support/browser-shop.js';
import { placeBankTransferOrder } from '../support/place-order.js';

const ctx = shopAndBrowserForFile();

async function phonePage(): Promise<Page> {
  const context = await ctx.browser.newContext({ viewport: { width: 375, height: 800 } });
  return context.newPage();
}

/** How far the page scrolls sideways: 0 when everything fits the phone's width. */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('on a 375px-wide phone nothing scrolls sideways', () => {
  it('checkout, for a shopper with a long e-mail address', async () => {
    // No hyphen or dot to break the line at before the @.
    const shopper = await signUp(`researcherwithalongname${randomUUID().slice(0, 8)}@test.example`);
    const page = await phonePage();
    await page.goto(`${ctx.shop.url}/store`);
    await page
      .getByRole('link', { name: /BPC-157/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.goto(`${ctx.shop.url}/identify`);
    await signInAt(page, shopper.email, shopper.password);
    await page.waitForURL(`${ctx.shop.url}/checkout`);
    await page.getByText(`Signed in as ${shopper.email}`).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await page.context().close();
  });

  it('the store with its categories, a product page in sizes with its specifications and lot, and /verify', async () => {
    const page = await phonePage();
    await page.goto(`${ctx.shop.url}/store`);
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link').first().waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await page
      .getByRole('link', { name: /BPC-157/ })
      .first()
      .click();
    const lot = page.getByRole('heading', { name: /^Current lot / });
    await lot.waitFor();
    await page.getByRole('table').waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    const lotNumber = (await lot.textContent())!.replace('Current lot ', '');
    await page.goto(`${ctx.shop.url}/verify?lot=${lotNumber}`);
    await page.getByRole('region', { name: `Lot ${lotNumber}` }).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await page.context().close();
  });

  it('order details keep the order number on one line', async () => {
    const shopper = await signUp();
    const number = await placeBankTransferOrder(ctx.shop.url, shopper.idToken);
    const page = await phonePage();
    await page.goto(`${ctx.shop.url}/login`);
    await signInAt(page, shopper.email, shopper.password);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByTestId('order-row').filter({ hasText: number }).click();
    const heading = page.getByRole('heading', { name: `Order ${number}` });
    // Each line box the number's text sits in gives one rectangle.
    const lines = await heading.getByText(number).evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
    expect(await sidewaysScroll(page)).toBe(0);
    await page.context().close();
  });

  it('the admin area: products, the editor opened by its address, orders with the ship form, permissions', async () => {
    const shopper = await signUp();
    const number = await placeBankTransferOrder(ctx.shop.url, shopper.idToken);
    const page = await phonePage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });

    await openAdminPage(page, ctx.shop.url, '/admin/manage-products', ctx.shop.admin);
    await page.getByRole('cell', { name: 'BPC-157', exact: true }).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);

    await page.goto(`${ctx.shop.url}/admin/manage-products/new`);
    await page.getByRole('heading', { name: 'Add product' }).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    // Opening a lazily loaded page by its address must not leave a hydration warning in the console.
    expect(warnings).toEqual([]);

    await page.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('link', { name: number, exact: true }).click();
    const order = page.getByRole('article', { name: `Order ${number}` });
    await order.getByRole('button', { name: 'Mark paid' }).click();
    await order.getByLabel('Tracking number').waitFor();
    expect(await sidewaysScroll(page)).toBe(0);

    await page.getByRole('link', { name: 'Permissions' }).click();
    await page.getByRole('cell', { name: ctx.shop.admin.email }).first().waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await page.context().close();
  });
});
