// Checkouts through the real API server while `shop products import` writes a 200,000-row CSV into
// the same SQLite file from another process, against the same checkouts with no import running.
// Each checkout is retried with its idempotency key after a 503 'store-busy', as the storefront does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../dist/node/shared/backend/store/sqlite/sqlite-store.js';
import { newProductSchema } from '../../dist/node/shared/domain/product.js';
import { checkoutLoop, startAuthStandIn } from '../checkouts.mjs';
import { writeBigCsv } from '../cli/big-csv.mjs';
import { fmt, forkServer, runImport } from '../lib.mjs';

const ROWS = 200_000;
const CLIENTS = 4;
const ALONE_MS = 5_000;
/** A request waits at most 250 ms on the store; the rest of its time is the machine's, as without an import. */
const P99_EXTRA_TARGET_MS = 250;

export async function measure() {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-beside-'));
  try {
    const store = openSqliteStore({ file: join(dataDir, 'shop.sqlite') });
    const { id: productId } = await store.products.add(
      newProductSchema.parse({
        name: 'Checkout peptide',
        price: 19.99,
        category: 'Metabolic',
        brand: 'Helix Labs',
      }),
    );
    await store.close();
    const file = join(dataDir, 'catalogue.csv');
    await writeBigCsv(file, ROWS);
    const auth = await startAuthStandIn();
    const server = await forkServer('./servers/api-server.mjs', [dataDir, `--auth-emulator=${auth.host}`]);
    const { token } = auth;
    const pick = () => productId;
    try {
      const until = performance.now() + ALONE_MS;
      const alone = await checkoutLoop(server.url, token, pick, () => performance.now() > until, CLIENTS);
      let importing = true;
      const imported = runImport(dataDir, file).finally(() => {
        importing = false;
      });
      const during = await checkoutLoop(server.url, token, pick, () => !importing, CLIENTS);
      const result = await imported;
      if (result.code !== 0) throw new Error(`the import exited with ${result.code}`);
      const shown = (r) => `p99 ${fmt(r.p99)}, max ${fmt(r.max)}`;
      return [
        {
          figure: `checkout latency during a ${fmt(ROWS)}-row import (ms)`,
          ours: shown(during),
          baseline: `${shown(alone)} (no import)`,
          ratio: (during.p99 / alone.p99).toFixed(2),
          target: `p99 <= baseline's + ${P99_EXTRA_TARGET_MS}`,
          ok: during.p99 <= alone.p99 + P99_EXTRA_TARGET_MS,
        },
        {
          figure: `checkouts during a ${fmt(ROWS)}-row import (placed / 503 busy / failed)`,
          ours: `${during.placed} / ${during.busy} / ${during.failed}`,
          baseline: `${alone.placed} / ${alone.busy} / ${alone.failed} (no import)`,
          ratio: '—',
          target: 'none failed',
          ok: during.failed === 0 && alone.failed === 0 && during.placed > 0,
        },
      ];
    } finally {
      server.stop();
      auth.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
