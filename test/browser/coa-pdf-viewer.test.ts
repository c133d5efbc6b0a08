import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../server/start-server.js';
import { recordLot } from '../../shared/backend/lots/record-lot.js';
import { coaPdf } from '../../shared/backend/seed/coa-pdf.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { launchBrowser } from '../support/browser.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** The extension Chromium shows PDFs with. */
const PDF_VIEWER = /^chrome-extension:\/\/[a-p]{32}\/index\.html/;

let t: TestApp;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  t = createTestApp({}, { PORT: '0' });
  [server, browser] = await Promise.all([startServer(t.deps), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await t.close();
});

describe('a lot’s certificate of analysis in the browser', () => {
  it('opens in Chromium’s PDF viewer from the shop’s own address, rather than downloading', async () => {
    const product = await t.store.products.add(newProductSchema.parse({ name: 'Epitalon', price: 42 }));
    const facts = { lotNumber: 'HX-2611-002', testedAt: '2026-11-02', purity: 99.4 };
    const lot = await recordLot(
      { store: t.store, images: t.deps.images },
      {
        ...facts,
        productId: product.id,
        coa: await coaPdf({ ...facts, productName: 'Epitalon', variant: '', sku: '', specs: {} }),
      },
    );
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}${lot.coaUrl}`);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.frames().some((frame) => PDF_VIEWER.test(frame.url()))).toBe(true);
    await page.close();
  });
});
