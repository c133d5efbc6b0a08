// A catalogue of a million products, in and out: `shop products import` of a 1,000,000-row CSV and
// `shop products export` of the million products it made, each in a process of its own reporting its
// peak RSS (as figure 03). The export streams from the store a page at a time, so its peak should be
// the same as for a tenth of the catalogue: the baseline is the export of 100,000 products.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeBigCsv } from '../cli/big-csv.mjs';
import { fmt, forkMeasured } from '../lib.mjs';

const ROWS = 1_000_000;
const BASELINE_ROWS = 100_000;
const RSS_TARGET_MB = 200;
/** "Flat": the export of ten times the products may take at most this much more memory. */
const FLAT_RATIO = 1.25;

async function runIn(script, args) {
  const result = await forkMeasured(script, args);
  if (result.code !== 0) throw new Error(`${script} exited with ${result.code}`);
  return result;
}

const mb = (kb) => kb / 1024;

export async function measure() {
  const dir = mkdtempSync(join(tmpdir(), 'shop-bench-million-'));
  try {
    const [big, small] = [join(dir, 'million.csv'), join(dir, 'tenth.csv')];
    await writeBigCsv(big, ROWS);
    await writeBigCsv(small, BASELINE_ROWS);
    const [bigShop, smallShop] = [join(dir, 'million'), join(dir, 'tenth')];
    const imported = await runIn('./cli/import-run.mjs', [bigShop, big]);
    await runIn('./cli/import-run.mjs', [smallShop, small]);
    rmSync(big);
    const exportTo = (shop, out) => [
      '--quiet',
      '--data',
      shop,
      'products',
      'export',
      '--out',
      join(dir, out),
    ];
    const exported = await runIn('./cli/shop-run.mjs', exportTo(bigShop, 'million-out.csv'));
    const baseline = await runIn('./cli/shop-run.mjs', exportTo(smallShop, 'tenth-out.csv'));
    const [importMb, exportMb, baselineMb] = [imported, exported, baseline].map((r) => mb(r.maxRssKb));
    return [
      {
        figure: `products import, ${fmt(ROWS)}-row CSV: peak RSS (MB)`,
        ours: fmt(importMb),
        baseline: `— (${fmt(imported.seconds)} s)`,
        ratio: '—',
        target: `<= ${RSS_TARGET_MB}`,
        ok: importMb <= RSS_TARGET_MB,
      },
      {
        figure: `products export, ${fmt(ROWS)} products to CSV: peak RSS (MB)`,
        ours: fmt(exportMb),
        baseline: `${fmt(baselineMb)} (${fmt(BASELINE_ROWS)} products)`,
        ratio: (exportMb / baselineMb).toFixed(2),
        target: `<= ${RSS_TARGET_MB}, ratio <= ${FLAT_RATIO}`,
        ok: exportMb <= RSS_TARGET_MB && exportMb / baselineMb <= FLAT_RATIO,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
