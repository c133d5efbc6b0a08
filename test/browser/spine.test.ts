import { describe, expect, it } from 'vitest';
import { shopAndBrowserForFile } from '../support/browser-shop.js';

const ctx = shopAndBrowserForFile();

describe('the embedded shop, end to end', () => {
  it('prints how to sign in and serves the seeded catalogue in the storefront', async () => {
    expect(ctx.shop.output()).toContain(
      `Admin sign-in: ${ctx.shop.admin.email} / ${ctx.shop.admin.password}`,
    );
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.shop.url}/store`);
    await page.getByText('BPC-157').first().waitFor();
    expect(await page.getByTestId('product-card').count()).toBe(6);
    await page.getByText('Page 1 of 3').waitFor();
    await page.close();
  });

  it('lets the admin sign in and switch a product off, and the storefront follows', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.shop.url}/admin/`);
    await page.waitForURL(/\/login\?next=%2Fadmin%2F/);
    await page.getByLabel('Email').fill(ctx.shop.admin.email);
    await page.getByLabel('Password').fill(ctx.shop.admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${ctx.shop.url}/admin/`);
    await page.getByLabel('Search', { exact: true }).fill('TB-500');
    const toggle = page.getByLabel('TB-500 available');
    await toggle.waitFor();
    // The switch moves at once; the store has it once the server has answered.
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && /\/api\/admin\/products\/[^/]+\/availability$/.test(r.url()),
    );
    await toggle.uncheck();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => toggle.isChecked()).toBe(false);

    // TB-500 is the only product from $29.00: with it withdrawn, that price range is empty.
    await page.goto(`${ctx.shop.url}/store?min=29&max=29`);
    await page.getByText('No products in this price range').waitFor();
    expect(await page.getByText('TB-500').count()).toBe(0);
    await page.close();
  });
});
