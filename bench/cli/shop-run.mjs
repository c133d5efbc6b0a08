// Runs the shop CLI in this process (as bin/shop does) and reports its wall time and the process's peak RSS.
import { Writable } from 'node:stream';
import { main } from '../../dist/node/cli/main.js';

export async function runShop(args) {
  const started = performance.now();
  const code = await main(['node', 'shop', ...args], {
    stdout: new Writable({ write: (_chunk, _encoding, done) => done() }),
    stderr: process.stderr,
    stdin: process.stdin,
    env: { ...process.env, NO_COLOR: '1' },
    cwd: process.cwd(),
  });
  const seconds = (performance.now() - started) / 1000;
  process.send({ code, seconds, maxRssKb: process.resourceUsage().maxRSS });
}

if (import.meta.url === new URL(process.argv[1], 'file://').href) await runShop(process.argv.slice(2));
