// Checkouts through the real API server while `shop products import` writes a 200,000-row CSV into
// the same SQLite file from another process, against the same checkouts with no import running.
// Each checkout is retried with its idempotency key after a 503 'store-busy', as the storefront does.
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../dist/node/shared/backend/config.js';
import { openSqliteStore } from '../../dist/node/shared/backend/store/sqlite/sqlite-store.js';
import { newProductSchema } from '../../dist/node/shared/domain/product.js';
import { writeBigCsv } from '../cli/big-csv.mjs';
import { fmt, forkServer, SAMPLE_ADDRESS } from '../lib.mjs';

const ROWS = 200_000;
const CLIENTS = 4;
const ALONE_MS = 5_000;
/** A request waits at most 250 ms on the store; the rest of its time is the machine's, as without an import. */
const P99_EXTRA_TARGET_MS = 250;

/** An ID token as the Auth emulator issues them (unsigned), which firebase-admin accepts in emulator mode. */
function emulatorToken(projectId) {
  const part = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now,
    user_id: 'bench-shopper',
    sub: 'bench-shopper',
    iat: now,
    exp: now + 3600,
    email: 'bench@example.com',
    email_verified: true,
    firebase: { identities: {}, sign_in_provider: 'password' },
  };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

/**
 * Stands in for the Auth emulator: in emulator mode firebase-admin looks the token's user up on every
 * verification (accounts:lookup), and this answers with the bench shopper, quickly and always.
 */
async function startAuthStandIn() {
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        users: [{ localId: 'bench-shopper', email: 'bench@example.com', emailVerified: true }],
      }),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { host: `127.0.0.1:${server.address().port}`, stop: () => server.close() };
}

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

/** Checkouts from CLIENTS clients in a loop until `done()`: every answer's time and status. */
async function checkoutLoop(url, token, productId, done) {
  const answers = [];
  let placed = 0;
  const client = async () => {
    while (!done()) {
      const body = JSON.stringify({
        lines: [{ productId, quantity: 1 }],
        shippingAddress: SAMPLE_ADDRESS,
        paymentMethod: 'manual',
        acceptTerms: true,
        idempotencyKey: randomUUID(),
      });
      for (;;) {
        const started = performance.now();
        const response = await fetch(`${url}/api/checkout`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body,
        });
        await response.arrayBuffer();
        answers.push({ ms: performance.now() - started, status: response.status });
        if (response.status !== 503) break;
        await sleep(20);
      }
      placed++;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const ms = answers.map((a) => a.ms);
  return {
    placed,
    p99: percentile(ms, 99),
    max: Math.max(...ms),
    busy: answers.filter((a) => a.status === 503).length,
    failed: answers.filter((a) => a.status >= 300 && a.status !== 503).length,
  };
}

function startImport(dataDir, file) {
  const child = fork(new URL('../cli/import-run.mjs', import.meta.url), [dataDir, file], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`import-run exited with ${code}`)));
  });
}

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
    const token = emulatorToken(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: auth.host }).projectId);
    try {
      const until = performance.now() + ALONE_MS;
      const alone = await checkoutLoop(server.url, token, productId, () => performance.now() > until);
      let importing = true;
      const imported = startImport(dataDir, file).finally(() => {
        importing = false;
      });
      const during = await checkoutLoop(server.url, token, productId, () => !importing);
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
