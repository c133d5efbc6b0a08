import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this network-less machine needs. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}; install Debian's chromium (see .ci/run) or set CHROMIUM_PATH`,
    );
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  return waitingForHydration(browser);
}

const patched = new WeakSet<Page>();

/**
 * A storefront page the server drew ignores clicks until React has hydrated it (main.tsx then marks
 * `<html data-hydrated>`); a person sees the page still loading, a test would click at once and miss.
 * So `goto` of such a page (it carries the embedded page data) returns once it is hydrated.
 */
function waitForHydration(page: Page): void {
  if (patched.has(page)) return;
  patched.add(page);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.waitForFunction(
      () => !document.getElementById('page-data') || document.documentElement.dataset.hydrated === 'true',
    );
    return response;
  };
}

function waitingForHydration(browser: Browser): Browser {
  const watch = (context: BrowserContext) => {
    context.on('page', waitForHydration);
    return context;
  };
  // With JavaScript off nothing hydrates: such pages are read as the server drew them.
  const scripted = (options?: { javaScriptEnabled?: boolean }) => options?.javaScriptEnabled !== false;
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    return scripted(options) ? watch(context) : context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    if (scripted(options)) waitForHydration(page);
    return page;
  };
  return browser;
}
