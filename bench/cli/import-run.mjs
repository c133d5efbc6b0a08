// Runs `shop products import` in this process and reports its wall time and the process's peak RSS.
import { Writable } from 'node:stream';
import { main } from '../../dist/node/cli/main.js';

const [dataDir, file] = process.argv.slice(2);
const started = performance.now();
const code = await main(
  ['node', 'shop', '--quiet', '--json', '--data', dataDir, '--init', 'products', 'import', file],
  {
    stdout: new Writable({ write: (_chunk, _encoding, done) => done() }),
    stderr: process.stderr,
    stdin: process.stdin,
    env: { ...process.env, NO_COLOR: '1' },
    cwd: process.cwd(),
  },
);
const seconds = (performance.now() - started) / 1000;
process.send({ code, seconds, maxRssKb: process.resourceUsage().maxRSS });
