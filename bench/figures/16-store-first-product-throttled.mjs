// `/store` on a phone's link (9 Mbit/s down, 60 ms each way, Chromium's own network throttling over
// CDP): time from navigation to the first product card on screen, fresh cache each time, with
// 100,000 products against 100. The storefront asks the server for one page, so the catalogue's
// size should barely show.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { fmt, forkServer, median } from '../lib.mjs';

const SMALL = 100;
const LARGE = 100_000;
const TARGET_RATIO = 1.5;
const ROUNDS = 3;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const shop = new URL('../../bin/shop', import.meta.url).pathname;
const LINK = {
  offline: false,
  latency: 60,
  downloadThroughput: (9e6 / 8) | 0,
  uploadThroughput: (2e6 / 8) | 0,
};

function seededShop(products) {
  const dataDir = mkdtempSync(join(tmpdir(), `shop-bench-store-${products}-`));
  const seeded = spawnSync(
    process.execPath,
    [shop, '--quiet', '--data', dataDir, 'seed', '--products', String(products)],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (seeded.status !== 0) throw new Error(`shop seed --products ${products} exited with ${seeded.status}`);
  return dataDir;
}

/** Milliseconds from the start of navigation to the first product card visible, on the throttled link. */
async function firstProductMs(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', LINK);
    const started = performance.now();
    await page.goto(`${url}/store`, { waitUntil: 'commit' });
    await page.getByTestId('product-card').first().waitFor({ state: 'visible', timeout: 120_000 });
    return performance.now() - started;
  } finally {
    await context.close();
  }
}

export async function measure() {
  const dirs = [seededShop(SMALL), seededShop(LARGE)];
  const servers = [];
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    for (const dir of dirs) servers.push(await forkServer('./servers/api-server.mjs', [dir, '--with-apps']));
    // Most seeded products are for sale; far fewer listed would mean the seed did not run as meant.
    const { total } = await (await fetch(`${servers[1].url}/api/products?perPage=1`)).json();
    if (total < LARGE / 2) throw new Error(`the large shop lists ${total} products, not about ${LARGE}`);
    const [small, large] = [[], []];
    // A first visit to each warms the server's index and the disk cache, as a running shop has them.
    await firstProductMs(browser, servers[0].url);
    await firstProductMs(browser, servers[1].url);
    for (let round = 0; round < ROUNDS; round++) {
      small.push(await firstProductMs(browser, servers[0].url));
      large.push(await firstProductMs(browser, servers[1].url));
    }
    const ratio = median(large) / median(small);
    return [
      {
        figure: `/store first product on 9 Mbit/s, 60 ms (phone), ${fmt(LARGE)} products vs ${fmt(SMALL)}`,
        ours: `${fmt(median(large))} ms`,
        baseline: `${fmt(median(small))} ms`,
        ratio: ratio.toFixed(2),
        target: `<= ${TARGET_RATIO}`,
        ok: ratio <= TARGET_RATIO,
      },
    ];
  } finally {
    await browser.close();
    for (const server of servers) server.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
