import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';
import { type ShopProcess, startShop } from './shop-process.js';

export interface BrowserShop {
  readonly shop: ShopProcess;
  /** A page in a new browser context: its own storage, so nobody is signed in and the cart is empty. */
  freshPage(): Promise<Page>;
}

/** Starts one shop and one Chromium for the test file, and stops both after it. */
export function useBrowserShop(): BrowserShop {
  let shop: ShopProcess | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });
  return {
    get shop() {
      if (!shop) throw new Error('The shop has not started');
      return shop;
    },
    freshPage: async () => {
      if (!browser) throw new Error('The browser has not started');
      return (await browser.newContext()).newPage();
    },
  };
}

/** Fills the storefront's sign-in form and submits it. */
export async function signInAt(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
