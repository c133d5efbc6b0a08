// Reading a 1,000,000-row WooCommerce export into products (two passes: variations may come before
// their parent), against reading its CSV rows once; and the reader's peak memory, which holds only
// the products not yet complete.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeBigWooCommerce } from '../cli/big-woocommerce.mjs';
import { fmt, forkMeasured } from '../lib.mjs';

const PRODUCTS = 250_000;
const ROWS = PRODUCTS * 4;
// The file is read twice (variations may come before their parent), so 0.5 is the ceiling.
const RATE_TARGET = 0.2;
const RSS_TARGET_MB = 200;

const read = (file, mode) => forkMeasured('./cli/woocommerce-read-run.mjs', [file, mode ?? '']);

export async function measure() {
  const dir = mkdtempSync(join(tmpdir(), 'shop-bench-woo-'));
  try {
    const file = join(dir, 'wc-product-export.csv');
    await writeBigWooCommerce(file, PRODUCTS);
    const ours = [];
    const bare = [];
    let peakKb = 0;
    for (let round = 0; round < 3; round++) {
      bare.push(ROWS / (await read(file, '--csv-only')).seconds);
      const result = await read(file);
      if (result.count !== PRODUCTS) throw new Error(`read ${result.count} products, not ${PRODUCTS}`);
      ours.push(ROWS / result.seconds);
      peakKb = Math.max(peakKb, result.maxRssKb);
    }
    // Best of three for both: on a shared machine, the least disturbed run is the truest.
    const [o, b] = [Math.max(...ours), Math.max(...bare)];
    const peakMb = peakKb / 1024;
    return [
      {
        figure: `WooCommerce export read, ${fmt(ROWS)} rows (rows/s)`,
        ours: fmt(o),
        baseline: `${fmt(b)} (its CSV rows read once)`,
        ratio: (o / b).toFixed(2),
        target: `>= ${RATE_TARGET}`,
        ok: o / b >= RATE_TARGET,
      },
      {
        figure: `WooCommerce export read, ${fmt(ROWS)} rows: peak RSS (MB)`,
        ours: fmt(peakMb),
        baseline: '—',
        ratio: '—',
        target: `<= ${RSS_TARGET_MB}`,
        ok: peakMb <= RSS_TARGET_MB,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
