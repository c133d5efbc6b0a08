import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shopAndBrowserForFile } from '../support/browser-shop.js';
import { PHONE } from '../support/phone.js';

const ctx = shopAndBrowserForFile();

/** The bound the issue sets (Google's "good" CLS is 0.1). */
const MAX_CLS = 0.05;
const API_DELAY_MS = 300;

interface Shift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    /** The shifts recorded so far, including entries the observer has not delivered yet. */
    layoutShifts: () => Shift[];
  }
}

/**
 * A phone (390×844 at 3×, touch) whose every `/api/*` answer comes 300 ms late, recording from the
 * document's start the browser's own `layout-shift` entries that no input caused.
 */
async function slowPhone(): Promise<Page> {
  const context = await ctx.browser.newContext(PHONE);
  await context.route(`${ctx.shop.url}/api/**`, async (route) => {
    await sleep(API_DELAY_MS);
    await route.continue().catch(() => {});
  });
  await context.addInitScript(() => {
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return node?.nodeName ?? '(gone)';
      const text = node.textContent?.trim().slice(0, 30);
      return `${node.tagName.toLowerCase()}.${String(node.getAttribute('class') ?? '').slice(0, 60)} “${text}”`;
    };
    const shifts: Shift[] = [];
    const record = (entries: PerformanceEntryList) => {
      for (const entry of entries as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: entry.sources.map(
            (s) =>
              `${describe(s.node)} from y=${s.previousRect.y} h=${s.previousRect.height} to y=${s.currentRect.y}`,
          ),
        });
      }
    };
    const observer = new PerformanceObserver((list) => record(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    window.layoutShifts = () => {
      record(observer.takeRecords());
      return shifts;
    };
  });
  return context.newPage();
}

/**
 * Waits until the page has finished loading (every image decoded, the network quiet, the sign-in
 * state known), then sums its layout shifts.
 */
async function cumulativeShift(page: Page): Promise<{ cls: number; shifts: Shift[] }> {
  await page.waitForLoadState('networkidle');
  // Signed-out state known: the top navigation has settled (in the phone menu, so maybe hidden).
  await page.getByRole('link', { name: 'Sign In', includeHidden: true }).waitFor({ state: 'attached' });
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await sleep(500);
  const shifts = await page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.layoutShifts()))),
      ),
  );
  return { cls: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
}

const report = (cls: number, shifts: Shift[]) =>
  `CLS ${cls.toFixed(3)}:\n${shifts.map((s) => `  ${s.value.toFixed(4)}  ${s.sources.join('\n          ')}`).join('\n')}`;

describe('on a phone with the API answering 300 ms late, nothing on screen moves while a page loads', () => {
  it(`the home page: cumulative layout shift at most ${MAX_CLS}`, async () => {
    const page = await slowPhone();
    await page.goto(`${ctx.shop.url}/`);
    await page.getByTestId('product-card').nth(2).waitFor();
    const { cls, shifts } = await cumulativeShift(page);
    expect(cls, report(cls, shifts)).toBeLessThanOrEqual(MAX_CLS);
    await page.context().close();
  });

  it(`the store: cumulative layout shift at most ${MAX_CLS}`, async () => {
    const page = await slowPhone();
    await page.goto(`${ctx.shop.url}/store`);
    await page.getByText(/^Showing 1–6 of \d+ products$/).waitFor();
    const { cls, shifts } = await cumulativeShift(page);
    expect(cls, report(cls, shifts)).toBeLessThanOrEqual(MAX_CLS);
    await page.context().close();
  });

  it(`a product page with sizes and a current lot: cumulative layout shift at most ${MAX_CLS}`, async () => {
    const listing = (await (await fetch(`${ctx.shop.url}/api/products?q=BPC-157`)).json()) as {
      products: { id: string; name: string }[];
    };
    const bpc = listing.products.find((p) => p.name === 'BPC-157')!;
    const page = await slowPhone();
    await page.goto(`${ctx.shop.url}/products/${bpc.id}`);
    await page.getByRole('heading', { name: 'BPC-157', level: 1 }).waitFor();
    await page.getByRole('heading', { name: /^Current lot / }).waitFor();
    await page.getByRole('table').waitFor();
    const { cls, shifts } = await cumulativeShift(page);
    expect(cls, report(cls, shifts)).toBeLessThanOrEqual(MAX_CLS);
    await page.context().close();
  });

  it('the measurement sees a shift when there is one: a banner pushed in above the store after it loaded', async () => {
    const page = await slowPhone();
    await page.goto(`${ctx.shop.url}/store`);
    await page.getByText(/^Showing 1–6 of \d+ products$/).waitFor();
    await cumulativeShift(page);
    await page.evaluate(() => {
      const banner = document.createElement('div');
      banner.style.height = '200px';
      document.querySelector('main')!.prepend(banner);
    });
    const { cls } = await cumulativeShift(page);
    expect(cls).toBeGreaterThan(MAX_CLS);
    await page.context().close();
  });
});
