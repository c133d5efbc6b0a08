// `shop --help` wall time against `node -e 0`: what the CLI adds to Node's own start-up.
import { spawnSync } from 'node:child_process';
import { fmt } from '../lib.mjs';

const TARGET = 2;
const ROUNDS = 15;
const shop = new URL('../../bin/shop', import.meta.url).pathname;

function wallMs(args) {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited with ${result.status}`);
  return performance.now() - started;
}

export async function measure() {
  const ours = [];
  const bare = [];
  wallMs([shop, '--help']); // warm the file cache
  for (let i = 0; i < ROUNDS; i++) {
    bare.push(wallMs(['-e', '0']));
    ours.push(wallMs([shop, '--help']));
  }
  // Fastest of 15 for both: on a shared machine the least disturbed run is the truest.
  const [o, b] = [Math.min(...ours), Math.min(...bare)];
  return [
    {
      figure: 'shop --help wall time (ms, fastest of 15)',
      ours: fmt(o),
      baseline: `${fmt(b)} (node -e 0)`,
      ratio: (o / b).toFixed(2),
      target: `<= ${TARGET}`,
      ok: o / b <= TARGET,
    },
  ];
}
