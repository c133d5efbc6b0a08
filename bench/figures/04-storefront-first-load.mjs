// First-load JavaScript of the storefront's landing pages: gzip bytes of the scripts a fresh visit
// fetches before DOMContentLoaded (module scripts and their preloads), measured in Chromium against
// the real server and the built app, with the catalogue painted. Lazily loaded code (other pages,
// the cart drawer, Firebase Auth once the page is idle) is not part of it, and must stay out of it:
// Firebase Auth, zod, libphonenumber-js's metadata (the checkout's), and the product and /verify pages (with the
// variant picker, spec table and lots).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { DiskImageStore } from '../../dist/node/shared/backend/images/disk/disk-image-store.js';
import { seedSampleCatalogue } from '../../dist/node/shared/backend/seed/seed-catalogue.js';
import { openSqliteStore } from '../../dist/node/shared/backend/store/sqlite/sqlite-store.js';
import { fmt, forkServer } from '../lib.mjs';

const BUDGET_KB = 120;
const PATHS = ['/', '/store'];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Chunks Vite names after the lazily loaded pages that must not load with `/` or `/store`. */
const LAZY_PAGES = /\/(product-page|verify-page)-[\w-]+\.js$/;

/** Script URLs whose download started before DOMContentLoaded. */
async function firstLoadScripts(browser, url) {
  const page = await browser.newPage();
  try {
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.getByTestId('product-card').first().waitFor();
    return await page.evaluate(() => {
      const [nav] = performance.getEntriesByType('navigation');
      return performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.endsWith('.js') && e.startTime < nav.domContentLoadedEventEnd)
        .map((e) => e.name);
    });
  } finally {
    await page.close();
  }
}

export async function measure() {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-web-'));
  const store = openSqliteStore({ file: join(dataDir, 'shop.sqlite') });
  await seedSampleCatalogue(store, new DiskImageStore(join(dataDir, 'images')));
  await store.close();
  const server = await forkServer('./servers/api-server.mjs', [dataDir, '--with-apps']);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows = [];
  try {
    for (const path of PATHS) {
      const scripts = await firstLoadScripts(browser, `${server.url}${path}`);
      let gzipBytes = 0;
      let loadsAuth = false;
      let loadsZod = false;
      let loadsPhones = false;
      const lazyPages = scripts.filter((s) => LAZY_PAGES.test(new URL(s).pathname));
      for (const script of scripts) {
        const body = Buffer.from(await (await fetch(script)).arrayBuffer());
        gzipBytes += gzipSync(body, { level: 9 }).length;
        // Firebase Auth's API host appears only in its SDK.
        if (body.includes('identitytoolkit')) loadsAuth = true;
        // zod's classes keep their names as strings, even minified.
        if (body.includes('$ZodType')) loadsZod = true;
        // libphonenumber-js's metadata is data, its keys kept as written.
        if (body.includes('country_calling_codes')) loadsPhones = true;
      }
      const kb = gzipBytes / 1024;
      const extras = [
        loadsAuth && 'INCLUDES Firebase Auth',
        loadsZod && 'INCLUDES zod',
        loadsPhones && 'INCLUDES libphonenumber-js',
        lazyPages.length > 0 && `INCLUDES ${lazyPages.map((s) => new URL(s).pathname).join(' ')}`,
      ].filter(Boolean);
      rows.push({
        figure: `storefront first-load JS ${path} (${[`${scripts.length} scripts`, ...extras].join(', ')})`,
        ours: `${fmt(kb, 1)} KB gzip`,
        baseline: `${BUDGET_KB} KB budget`,
        ratio: (kb / BUDGET_KB).toFixed(2),
        target: '<= 1.00, no Firebase Auth, zod, phone metadata or lazy page',
        ok: kb <= BUDGET_KB && extras.length === 0,
      });
    }
  } finally {
    await browser.close();
    server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
