import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';
import { type ShopProcess, startShop } from './shop-process.js';

export interface ShopAndBrowser {
  shop: ShopProcess;
  browser: Browser;
}

/** Starts a shop and Chromium before the file's tests (filling the returned object) and stops both after. */
export function shopAndBrowserForFile(): ShopAndBrowser {
  const context = {} as ShopAndBrowser;
  beforeAll(async () => {
    [context.shop, context.browser] = await Promise.all([startShop(), launchBrowser()]);
  });
  afterAll(async () => {
    await context.browser?.close();
    await context.shop?.stop();
  });
  return context;
}

/** A page in a new browser context: its own storage, so nobody is signed in and the cart is empty. */
export async function freshPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** Fills the storefront's sign-in form and submits it. */
export async function signInAt(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens the store, then the first product whose name matches, and adds its first size to the cart. */
export async function addToCartFromStore(page: Page, shopUrl: string, name: RegExp): Promise<void> {
  await page.goto(`${shopUrl}/store`);
  await page.getByRole('link', { name }).first().click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('button', { name: /^Cart, [1-9]/ }).waitFor();
}

/** Waits until React has hydrated the page the server drew (main.tsx marks it): a click before then does nothing. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}
