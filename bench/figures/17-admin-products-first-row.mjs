// The admin products page's first row, from navigation until it is visible in Chromium, with 100,000
// products against 100: the real shop as `npm start` runs it (its own Auth emulator), the admin signed
// in once beforehand (so the catalogue index is built and the sign-in is not measured), then the page
// opened afresh several times; the median counts.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { seededRandom, seedProducts } from '../../dist/node/cli/seed/generator.js';
import { freePort } from '../../dist/node/shared/backend/net.js';
import { openSqliteStore } from '../../dist/node/shared/backend/store/sqlite/sqlite-store.js';
import { fmt, median } from '../lib.mjs';

const SMALL = 100;
const LARGE = 100_000;
const RUNS = 9;
const TARGET_RATIO = 1.5;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-pass-1234' };
const PAGE = '/admin/manage-products';

async function seededDataDir(count) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-admin-'));
  const store = openSqliteStore({ file: join(dataDir, 'shop.sqlite') });
  const products = seedProducts(seededRandom(`admin-${count}`), count);
  const batches = function* () {
    for (let i = 0; i < products.length; i += 1000)
      yield products.slice(i, i + 1000).map((p) => ({ op: 'create', ...p }));
  };
  await store.products.bulkWrite(batches());
  await store.close();
  return dataDir;
}

/** bin/start.js, as `npm start` runs it, on `dataDir` with an Auth emulator of its own. */
async function startShop(dataDir) {
  const { FIREBASE_AUTH_EMULATOR_HOST: _host, SHOP_BACKEND: _backend, ...env } = process.env;
  const child = spawn(process.execPath, [new URL('../../bin/start.js', import.meta.url).pathname], {
    env: {
      ...env,
      SHOP_DATA_DIR: dataDir,
      PORT: '0',
      SHOP_AUTH_EMULATOR_PORT: String(await freePort()),
      SHOP_ADMIN_EMAIL: ADMIN.email,
      SHOP_ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const match = /running at (http:\/\/\S+?)\/?\s/.exec(output);
      if (match && output.includes('Press Ctrl-C to stop.')) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the shop exited with ${code}:\n${output}`)));
  });
  const exited = new Promise((resolve) => child.once('close', resolve));
  return {
    url,
    stop: async () => {
      child.kill('SIGINT');
      await exited;
    },
  };
}

async function firstRowMs(browser, count) {
  const dataDir = await seededDataDir(count);
  const shop = await startShop(dataDir);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${shop.url}${PAGE}`);
    await page.waitForURL(/\/login/);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('admin-product-row').first().waitFor({ timeout: 120_000 });
    const times = [];
    for (let run = 0; run < RUNS; run++) {
      const fresh = await context.newPage();
      const started = performance.now();
      await fresh.goto(`${shop.url}${PAGE}`);
      await fresh.getByTestId('admin-product-row').first().waitFor({ timeout: 120_000 });
      times.push(performance.now() - started);
      await fresh.close();
    }
    return median(times);
  } finally {
    await context.close();
    await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measure() {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const small = await firstRowMs(browser, SMALL);
    const large = await firstRowMs(browser, LARGE);
    const ratio = large / small;
    return [
      {
        figure: `admin products page, first row visible: ${fmt(LARGE)} products vs ${SMALL} (median of ${RUNS})`,
        ours: `${fmt(large)} ms`,
        baseline: `${fmt(small)} ms`,
        ratio: ratio.toFixed(2),
        target: `<= ${TARGET_RATIO}`,
        ok: ratio <= TARGET_RATIO,
      },
    ];
  } finally {
    await browser.close();
  }
}
