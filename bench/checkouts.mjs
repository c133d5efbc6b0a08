// Shoppers checking out through the real API server, for the figures that measure orders: a stand-in
// for the Auth emulator, the ID token it accepts, and a loop of clients placing orders.
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { loadConfig } from '../dist/node/shared/backend/config.js';
import { forkServer, SAMPLE_ADDRESS } from './lib.mjs';

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
 * verification (accounts:lookup), and this answers with the bench shopper, quickly and always. Gives
 * the host to start the server with and a token it accepts.
 */
export async function startAuthStandIn() {
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
  const host = `127.0.0.1:${server.address().port}`;
  const token = emulatorToken(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: host }).projectId);
  return { host, token, stop: () => server.close() };
}

/** The body of a checkout of one unit of `productId`, under a new idempotency key. */
const checkoutBody = (productId) =>
  JSON.stringify({
    lines: [{ productId, quantity: 1 }],
    shippingAddress: SAMPLE_ADDRESS,
    paymentMethod: 'manual',
    attestations: { adult: true, researchUse: true },
    idempotencyKey: randomUUID(),
  });

/**
 * Orders per second placed by `connections` shoppers at once for `seconds`, each an order of one unit
 * of a product `pick()` names, sent by autocannon (whose own cost is small beside fetch's, so the
 * figure is the server's), and the answers' p99 and failures.
 */
export async function checkoutsPerSecond(url, token, pick, { seconds, connections }) {
  const result = await autocannon({
    url: `${url}/api/checkout`,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, body: checkoutBody(pick()) }) }],
  });
  return {
    perSecond: result.requests.average,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors,
  };
}

/**
 * Runs `work(url, token)` against the real API server over `dataDir`, e-mailing as npm start does (each
 * order's e-mail into the outbox with it, sent in the background), beside an Auth stand-in whose
 * token it is; stops both afterwards.
 */
export async function withCheckoutServer(dataDir, work) {
  const auth = await startAuthStandIn();
  try {
    const server = await forkServer('./servers/api-server.mjs', [
      dataDir,
      `--auth-emulator=${auth.host}`,
      '--with-mail',
    ]);
    try {
      return await work(server.url, auth.token);
    } finally {
      server.stop();
    }
  } finally {
    auth.stop();
  }
}

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

/**
 * Checkouts from `clients` clients, each placing one order after another (of one unit of a product
 * `pick()` names), until `done()`; a 503 'store-busy' is retried with the same idempotency key, as the
 * storefront does. Gives every answer's time and status.
 */
export async function checkoutLoop(url, token, pick, done, clients) {
  const answers = [];
  let placed = 0;
  const client = async () => {
    while (!done()) {
      const body = checkoutBody(pick());
      for (;;) {
        const sent = performance.now();
        const response = await fetch(`${url}/api/checkout`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body,
        });
        await response.arrayBuffer();
        answers.push({ ms: performance.now() - sent, status: response.status });
        if (response.status !== 503) break;
        await sleep(20);
      }
      placed++;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  const ms = answers.map((a) => a.ms);
  return {
    placed,
    p99: percentile(ms, 99),
    max: Math.max(...ms),
    busy: answers.filter((a) => a.status === 503).length,
    failed: answers.filter((a) => a.status >= 300 && a.status !== 503).length,
  };
}
