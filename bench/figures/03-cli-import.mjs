// `shop products import` of a 100,000-row CSV into a fresh embedded store, against a bare
// better-sqlite3 insert of the same rows in one transaction; and the import's peak memory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bareInsertSeconds } from '../cli/bare-insert.mjs';
import { writeBigCsv } from '../cli/big-csv.mjs';
import { fmt, runImport } from '../lib.mjs';

const ROWS = 100_000;
const RATE_TARGET = 0.3;
const RSS_TARGET_MB = 200;

export async function measure() {
  const dir = mkdtempSync(join(tmpdir(), 'shop-bench-import-'));
  try {
    const file = join(dir, 'catalogue.csv');
    await writeBigCsv(file, ROWS);
    const ours = [];
    const bare = [];
    let peakKb = 0;
    for (let round = 0; round < 3; round++) {
      const roundDir = mkdtempSync(join(dir, `round-${round}-`));
      bare.push(ROWS / bareInsertSeconds(roundDir, ROWS));
      const result = await runImport(join(roundDir, 'shop'), file);
      if (result.code !== 0) throw new Error(`the import exited with ${result.code}`);
      ours.push(ROWS / result.seconds);
      peakKb = Math.max(peakKb, result.maxRssKb);
    }
    // Best of three for both: on a shared machine, the least disturbed run is the truest.
    const [o, b] = [Math.max(...ours), Math.max(...bare)];
    const peakMb = peakKb / 1024;
    return [
      {
        figure: `products import, ${fmt(ROWS)}-row CSV (rows/s)`,
        ours: fmt(o),
        baseline: `${fmt(b)} (bare better-sqlite3 insert)`,
        ratio: (o / b).toFixed(2),
        target: `>= ${RATE_TARGET}`,
        ok: o / b >= RATE_TARGET,
      },
      {
        figure: `products import, ${fmt(ROWS)}-row CSV: peak RSS (MB)`,
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
