// `shop products list --all` of 100,000 products into a pipe, against bare better-sqlite3 selecting and
// printing the same rows: what the CLI's start-up, store, table and streaming add.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeBigCsv } from '../cli/big-csv.mjs';
import { fmt } from '../lib.mjs';

const ROWS = 100_000;
const TARGET_SECONDS = 5;
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

export async function measure() {
  const dir = mkdtempSync(join(tmpdir(), 'shop-bench-list-'));
  try {
    const file = join(dir, 'catalogue.csv');
    await writeBigCsv(file, ROWS);
    const imported = spawnSync(process.execPath, [
      shop,
      '--quiet',
      '--data',
      dir,
      'products',
      'import',
      file,
    ]);
    if (imported.status !== 0) throw new Error(`the import exited with ${imported.status}`);
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
    return [
      {
        figure: `shop products list --all, ${fmt(ROWS)} products into a pipe (s)`,
        ours: fmt(o, 2),
        baseline: `${fmt(b, 2)} (bare better-sqlite3 select)`,
        ratio: (o / b).toFixed(2),
        target: `< ${TARGET_SECONDS} s`,
        ok: o < TARGET_SECONDS,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
