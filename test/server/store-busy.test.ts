import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../shared/api/client.js';
import { packageRoot } from '../../shared/backend/paths.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { signUp, type TestUser } from '../support/auth-users.js';
import { TEST_ADDRESS } from '../support/constants.js';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.js';

let t: TestApp;
let ada: TestUser;

beforeAll(async () => {
  t = createTestApp();
  ada = await signUp();
});
afterAll(() => t.close());

/** Another process holding the store's write lock, as a long writer would, until it is told to let go. */
async function holdWriteLock(file: string) {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const db = new (require('better-sqlite3'))(process.argv[1]);
       db.exec('BEGIN IMMEDIATE');
       process.stdout.write('locked\\n');
       process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); process.exit(0); });`,
      file,
    ],
    { cwd: packageRoot(), stdio: ['pipe', 'pipe', 'inherit'] },
  );
  await once(child.stdout!, 'data');
  return {
    release: async () => {
      child.stdin!.write('go\n');
      await once(child, 'exit');
    },
  };
}

describe('a store locked by another process', () => {
  it('answers a checkout 503 store-busy with Retry-After after about 250 ms, keeps /api/health instant, and takes the same checkout once free', async () => {
    const product = await t.store.products.add(newProductSchema.parse({ name: 'Busy peptide', price: 12 }));
    const body = {
      lines: [{ productId: product.id, quantity: 1 }],
      shippingAddress: TEST_ADDRESS,
      paymentMethod: 'manual',
      attestations: { adult: true, researchUse: true },
      idempotencyKey: 'busy-store-checkout-1',
    };
    const lock = await holdWriteLock(join(t.dataDir, 'shop.sqlite'));
    const finished: string[] = [];
    const timed = async (label: string, path: string, init?: RequestInit) => {
      const started = performance.now();
      const response = await t.app.request(path, init);
      finished.push(label);
      return { response, ms: performance.now() - started };
    };
    let health: Awaited<ReturnType<typeof timed>>;
    let busy: Awaited<ReturnType<typeof timed>>;
    try {
      [busy, health] = await Promise.all([
        timed('checkout', '/api/checkout', jsonRequest('POST', body, ada.idToken)),
        timed('health', '/api/health'),
      ]);
    } finally {
      await lock.release();
    }

    expect(busy.response.status).toBe(503);
    expect(busy.response.headers.get('retry-after')).toBe('1');
    expect((await busy.response.json()).error).toMatchObject({ code: 'store-busy' });
    // it waited for the lock, but not much past the 250 ms a request may wait on the store
    expect(busy.ms).toBeGreaterThanOrEqual(240);
    expect(busy.ms).toBeLessThan(1000);
    // the event loop stayed free while the checkout waited
    expect(health.response.status).toBe(200);
    expect(finished).toEqual(['health', 'checkout']);

    const retried = await t.app.request('/api/checkout', jsonRequest('POST', body, ada.idToken));
    expect(retried.status).toBe(201);
    expect(await t.store.orders.listForUser(ada.uid)).toHaveLength(1);
  });

  it('is waited out by the storefront’s client: a checkout answered 503 is sent again after Retry-After and placed', async () => {
    const product = await t.store.products.add(
      newProductSchema.parse({ name: 'Patient peptide', price: 12 }),
    );
    const answers: number[] = [];
    const client = createApiClient({
      baseUrl: 'http://shop.localhost',
      getToken: async () => ada.idToken,
      fetch: async (input, init) => {
        const response = await t.app.request(String(input), init);
        answers.push(response.status);
        return response;
      },
    });
    const lock = await holdWriteLock(join(t.dataDir, 'shop.sqlite'));
    const placing = client.checkout({
      lines: [{ productId: product.id, quantity: 1 }],
      shippingAddress: TEST_ADDRESS,
      paymentMethod: 'manual',
      attestations: { adult: true, researchUse: true },
      idempotencyKey: 'busy-store-checkout-2',
    });
    while (answers.length === 0) await sleep(20);
    await lock.release();

    const { order, created } = await placing;
    expect(created).toBe(true);
    expect(order.lines.map((l) => l.productId)).toEqual([product.id]);
    expect(answers).toEqual([503, 201]);
  });
});
