// `shop images prune` over a data folder of 10,000 images (half of them shown by 5,000 products,
// all two days old), against `shop products list --all --json`, which reads the same catalogue once.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt } from '../lib.mjs';

const PRODUCTS = 5_000;
const IMAGES = 10_000;
const TARGET = 3;
const ROUNDS = 3;
const shop = new URL('../../bin/shop', import.meta.url).pathname;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function run(dataDir, args) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [shop, '--data', dataDir, '--quiet', ...args], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  if (result.status !== 0) throw new Error(`shop ${args.join(' ')} exited with ${result.status}`);
  return performance.now() - started;
}

export async function measure() {
  const dir = mkdtempSync(join(tmpdir(), 'shop-bench-prune-'));
  try {
    const dataDir = join(dir, 'shop');
    const images = join(dataDir, 'images');
    mkdirSync(images, { recursive: true });
    const twoDaysAgo = (Date.now() - 2 * 24 * 60 * 60 * 1000) / 1000;
    const names = [];
    for (let i = 0; i < IMAGES; i++) {
      const name = `benchimage${String(i).padStart(10, '0')}.png`;
      writeFileSync(join(images, name), PNG);
      utimesSync(join(images, name), twoDaysAgo, twoDaysAgo);
      names.push(name);
    }
    const csv = ['name,price,image'];
    for (let i = 0; i < PRODUCTS; i++) csv.push(`Prune bench peptide ${i},10,/images/${names[i]}`);
    writeFileSync(join(dir, 'catalogue.csv'), `${csv.join('\n')}\n`);
    run(dataDir, ['products', 'import', join(dir, 'catalogue.csv')]);

    const ours = [];
    const bare = [];
    for (let i = 0; i < ROUNDS; i++) {
      bare.push(run(dataDir, ['--json', 'products', 'list', '--all']));
      ours.push(run(dataDir, ['--json', 'images', 'prune', '--dry-run']));
    }
    const removing = run(dataDir, ['--json', 'images', 'prune']);
    const left = readdirSync(images).length;
    if (left !== PRODUCTS) throw new Error(`the prune left ${left} images, not the ${PRODUCTS} in use`);
    // Fastest of three for both: on a shared machine the least disturbed run is the truest.
    const [o, b] = [Math.min(...ours), Math.min(...bare)];
    return [
      {
        figure: `images prune --dry-run, ${fmt(IMAGES)} images, ${fmt(PRODUCTS)} products (ms)`,
        ours: fmt(o),
        baseline: `${fmt(b)} (products list --all --json)`,
        ratio: (o / b).toFixed(2),
        target: `<= ${TARGET}`,
        ok: o / b <= TARGET,
      },
      {
        figure: `images prune removing ${fmt(IMAGES - PRODUCTS)} unused images (ms)`,
        ours: fmt(removing),
        baseline: `${fmt(b)} (products list --all --json)`,
        ratio: (removing / b).toFixed(2),
        target: `<= ${TARGET * 2}`,
        ok: removing / b <= TARGET * 2,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
