// What an order costs the shop: orders per second placed through the real API server (HTTP, auth,
// validation, pricing, stock, its e-mail written to the outbox) by 10 shoppers at once, against bare better-sqlite3 placing the
// same orders in the same file, in one transaction each and nothing around it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../dist/node/shared/backend/store/sqlite/sqlite-store.js';
import { newProductSchema } from '../../dist/node/shared/domain/product.js';
import { checkoutsPerSecond, withCheckoutServer } from '../checkouts.mjs';
import { bareOrdersPerSecond } from '../cli/bare-orders.mjs';
import { fmt } from '../lib.mjs';

const SHOPPERS = 10;
const PRODUCTS = 20;
const SECONDS = 3;
const ROUNDS = 3;
const TARGET_RATIO = 0.15;

/** A store of PRODUCTS products with stock that lasts; their ids. */
export async function stockedProducts(file, count = PRODUCTS) {
  const store = openSqliteStore({ file });
  try {
    const ids = [];
    for (let i = 0; i < count; i++) {
      const product = newProductSchema.parse({
        name: `Order peptide ${i}`,
        price: 19.99 + i,
        stock: 1_000_000,
      });
      ids.push((await store.products.add(product)).id);
    }
    return ids;
  } finally {
    await store.close();
  }
}

export async function measure() {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-checkout-'));
  try {
    const file = join(dataDir, 'shop.sqlite');
    const ids = await stockedProducts(file);
    const pick = () => ids[Math.floor(Math.random() * ids.length)];
    const ranked = await withCheckoutServer(dataDir, async (url, token) => {
      const checkouts = (seconds) => checkoutsPerSecond(url, token, pick, { seconds, connections: SHOPPERS });
      // warm-up: the server's first orders compile what later ones reuse
      await checkouts(1);
      // Each measured three times, alternately; the best of each, as the least disturbed by the
      // machine's other work. The server idles while the bare transactions run.
      const bares = [];
      const apis = [];
      for (let round = 0; round < ROUNDS; round++) {
        bares.push(bareOrdersPerSecond(file, pick, SECONDS));
        apis.push(await checkouts(SECONDS));
      }
      const failed = apis.reduce((n, r) => n + r.failed, 0);
      if (failed > 0) throw new Error(`${failed} checkouts failed`);
      return {
        bare: Math.max(...bares),
        api: apis.reduce((best, r) => (r.perSecond > best.perSecond ? r : best)),
      };
    });
    const { bare, api } = ranked;
    const ratio = api.perSecond / bare;
    return [
      {
        figure: `orders/s through the API, ${SHOPPERS} shoppers at once (p99 ms)`,
        ours: `${fmt(api.perSecond)} (p99 ${fmt(api.p99)})`,
        baseline: `${fmt(bare)} (bare better-sqlite3 order transaction)`,
        ratio: ratio.toFixed(3),
        target: `ratio >= ${TARGET_RATIO}`,
        ok: ratio >= TARGET_RATIO,
      },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
