// Orders that never stall browsing, and browsing that never stalls orders: orders per second placed
// through the real API server by shoppers checking out while others page, sort and search the
// catalogue of 10,000 products (GET /api/products?…, 50 pages/s), against the same checkouts with
// nobody browsing.
// Every order takes stock, so the listing must not be rebuilt whole after each one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { checkoutsPerSecond, withCheckoutServer } from '../checkouts.mjs';
import { writeBigCsv } from '../cli/big-csv.mjs';
import { fmt, runImport } from '../lib.mjs';
import { stockedProducts } from './19-checkout-cost.mjs';

const PRODUCTS = 10_000;
const SHOPPERS = 2;
const BROWSERS = 4;
/**
 * Listing pages per second the browsers ask for together: a busy shop's worth (hundreds of people
 * browsing at a page every few seconds). Unthrottled, they would simply take their share of the one
 * event loop, which says nothing about whether orders stall.
 */
const PAGES_PER_SECOND = 50;
const SECONDS = 4;
const ROUNDS = 2;
const TARGET_RATIO = 0.8;
const SEARCHES = ['research peptide 12', 'peptide', 'lyophilised', 'metabolic', 'reserch 77'];
const SORTS = ['relevance', 'price-asc', 'price-desc', 'name', 'newest'];

const any = (list) => list[Math.floor(Math.random() * list.length)];

/** A shopper browsing: a listing page, sorted, now and then a search or a category, as the storefront asks. */
function browsingPath() {
  const what = Math.random();
  // a search's first page (its results may be few); any of the first 50 pages of a listing
  const page = what < 0.5 ? 1 : 1 + Math.floor(Math.random() * 50);
  const query = new URLSearchParams({ page: String(page), sort: any(SORTS) });
  if (what < 0.5) query.set('q', any(SEARCHES));
  else if (what < 0.75) query.set('category', any(['Metabolic', 'Longevity', 'Cognitive']));
  return `/api/products?${query}`;
}

/** BROWSERS clients loading PAGES_PER_SECOND listing pages for `seconds`: pages per second, and the failures. */
async function browsing(url, seconds) {
  const result = await autocannon({
    url,
    connections: BROWSERS,
    overallRate: PAGES_PER_SECOND,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip, br' },
    requests: [{ setupRequest: (request) => ({ ...request, path: browsingPath() }) }],
  });
  return { perSecond: result.requests.average, failed: result.non2xx + result.errors };
}

export async function measure() {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-browsing-'));
  try {
    const csv = join(dataDir, 'catalogue.csv');
    await writeBigCsv(csv, PRODUCTS);
    const imported = await runImport(dataDir, csv);
    if (imported.code !== 0) throw new Error(`the import exited with ${imported.code}`);
    const ids = await stockedProducts(join(dataDir, 'shop.sqlite'));
    const pick = () => any(ids);
    const runs = await withCheckoutServer(dataDir, async (url, token) => {
      const orders = (seconds) => checkoutsPerSecond(url, token, pick, { seconds, connections: SHOPPERS });
      await Promise.all([orders(1), browsing(url, 1)]);
      // Alone and beside browsing twice each, alternately; the best of each, as the least disturbed.
      const alone = [];
      const beside = [];
      const browsed = [];
      for (let round = 0; round < ROUNDS; round++) {
        alone.push(await orders(SECONDS));
        const [placed, pages] = await Promise.all([orders(SECONDS), browsing(url, SECONDS)]);
        beside.push(placed);
        browsed.push(pages);
      }
      return { alone, beside, browsed };
    });
    const { alone, beside, browsed } = runs;
    const failed = [...alone, ...beside, ...browsed].reduce((n, r) => n + r.failed, 0);
    if (failed > 0) throw new Error(`${failed} requests failed`);
    const best = (list) => Math.max(...list.map((r) => r.perSecond));
    const ratio = best(beside) / best(alone);
    return [
      {
        figure: `orders/s beside ${PAGES_PER_SECOND} listing pages/s of ${fmt(PRODUCTS)} products (pages/s served)`,
        ours: `${fmt(best(beside))} (${fmt(best(browsed))} pages/s)`,
        baseline: `${fmt(best(alone))} (nobody browsing)`,
        ratio: ratio.toFixed(2),
        target: `ratio >= ${TARGET_RATIO}`,
        ok: ratio >= TARGET_RATIO,
      },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
