import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';
import { type ShopProcess, startShop } from './shop-process.js';

export interface ShopAndBrowser {
  shop: ShopProcess;
  browser: Browser;
}

/** Starts a shop and Chromium before the file's tests (filling the returned object) and stops both after. */
export function useShopAndBrowser(): ShopAndBrowser {
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
