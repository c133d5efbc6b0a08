// `shop products list --all` of 100,000 products into a pipe, against bare better-sqlite3 selecting and
// printing the same rows: what the CLI's start-up, store, table and streaming add. And its memory:
// the list streams from the store a page at a time, so its peak RSS at 100,000 products should be
// that at 10,000.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeBigCsv } from '../cli/big-csv.mjs';
import { fmt, forkMeasured } from '../lib.mjs';

const ROWS = 100_000;
const SMALL_ROWS = 10_000;
const TARGET_SECONDS = 5;
/** "Flat": listing ten times the products may take at most this much more memory. */
const FLAT_RATIO = 1.25;
const shop = new URL('../../bin/shop', import.meta.url).pathname;
const bareList = new URL('../cli/bare-list.mjs', import.meta.url).pathname;

/** Wall time of `node args…` with stdout read through a pipe, and the lines it printed. */
function wallSeconds(args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let lines = 0;
    child.stdout.on('data', (chunk) => {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) reject(new Error(`${args.join(' ')} exited with ${code}`));
      else resolve({ seconds: (performance.now() - started) / 1000, lines });
    });
  });
}

/** A store of `rows` products in `dir`. */
async function catalogue(dir, rows) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'catalogue.csv');
  await writeBigCsv(file, rows);
  const imported = spawnSync(process.execPath, [shop, '--quiet', '--data', dir, 'products', 'import', file]);
  if (imported.status !== 0) throw new Error(`the import exited with ${imported.status}`);
}

/** Peak RSS (MB) of `shop --json products list --all` over the store in `dir`, in a process of its own. */
async function listRssMb(dir) {
  const args = ['--json', '--data', dir, 'products', 'list', '--all'];
  const result = await forkMeasured('./cli/shop-run.mjs', args);
  if (result.code !== 0) throw new Error(`shop-run exited with ${result.code}`);
  return result.maxRssKb / 1024;
}

export async function measure() {
  const dir = mkdtempSync(join(tmpdir(), 'shop-bench-list-'));
  const small = join(dir, 'small');
  try {
    await catalogue(dir, ROWS);
    await catalogue(small, SMALL_ROWS);
    const ours = [];
    const bare = [];
    for (let round = 0; round < 3; round++) {
      const b = await wallSeconds([bareList, dir]);
      const o = await wallSeconds([shop, '--data', dir, 'products', 'list', '--all']);
      // a rule and a row per product, plus the top rule, the head and the bottom rule
      if (o.lines !== 2 * ROWS + 3) throw new Error(`shop products list printed ${o.lines} lines`);
      if (b.lines !== ROWS) throw new Error(`the bare select printed ${b.lines} lines`);
      bare.push(b.seconds);
      ours.push(o.seconds);
    }
    // Fastest of three for both: on a shared machine, the least disturbed run is the truest.
    const [o, b] = [Math.min(...ours), Math.min(...bare)];
    const [bigMb, smallMb] = [await listRssMb(dir), await listRssMb(small)];
    return [
      {
        figure: `shop products list --all, ${fmt(ROWS)} products into a pipe (s)`,
        ours: fmt(o, 2),
        baseline: `${fmt(b, 2)} (bare better-sqlite3 select)`,
        ratio: (o / b).toFixed(2),
        target: `< ${TARGET_SECONDS} s`,
        ok: o < TARGET_SECONDS,
      },
      {
        figure: `shop --json products list --all, ${fmt(ROWS)} products: peak RSS (MB)`,
        ours: fmt(bigMb),
        baseline: `${fmt(smallMb)} (${fmt(SMALL_ROWS)} products)`,
        ratio: (bigMb / smallMb).toFixed(2),
        target: `ratio <= ${FLAT_RATIO}`,
        ok: bigMb / smallMb <= FLAT_RATIO,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
