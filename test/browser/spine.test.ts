import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.js';
import { type ShopProcess, startShop } from '../support/shop-process.js';

let shop: ShopProcess;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

describe('the embedded shop, end to end', () => {
  it('prints how to sign in and serves the seeded catalogue in the storefront', async () => {
    expect(shop.output()).toContain(`Admin sign-in: ${shop.admin.email} / ${shop.admin.password}`);
    const page = await browser.newPage();
    await page.goto(`${shop.url}/`);
    await page.getByText('BPC-157 5mg').first().waitFor();
    const cards = page.getByTestId('product-card');
    expect(await cards.count()).toBeGreaterThanOrEqual(12);
    await page.close();
  });

  it('lets the admin sign in and switch a product off, and the storefront follows', async () => {
    const page = await browser.newPage();
    await page.goto(`${shop.url}/admin/`);
    await page.waitForURL(/\/login\?next=%2Fadmin%2F/);
    await page.getByLabel('Email').fill(shop.admin.email);
    await page.getByLabel('Password').fill(shop.admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${shop.url}/admin/`);
    await page.getByLabel('Search by name').fill('TB-500');
    const toggle = page.getByLabel('TB-500 10mg available');
    await toggle.waitFor();
    await toggle.uncheck();
    await expect.poll(() => toggle.isChecked()).toBe(false);

    await page.goto(`${shop.url}/`);
    await page.getByText('BPC-157 5mg').first().waitFor();
    expect(await page.getByText('TB-500 10mg').count()).toBe(0);
    await page.close();
  });
});
