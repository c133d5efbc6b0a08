import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../server/start-server.js';
import { MAX_JSON_BODY_BYTES } from '../../shared/domain/constants.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let server: RunningServer;
let productId: string;
beforeAll(async () => {
  t = createTestApp();
  productId = (await t.store.products.add(newProductSchema.parse({ name: 'Limit vial', price: 12 }))).id;
  server = await startServer({ ...t.deps, config: { ...t.config, port: 0 } });
});
afterAll(async () => {
  await server.close();
  await t.close();
});

const quote = (body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/checkout/quote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    duplex: 'half',
  } as RequestInit);

/** A body sent in chunks, so it declares no length (Transfer-Encoding: chunked). */
const chunked = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const bytes = new TextEncoder().encode(text);
      for (let at = 0; at < bytes.length; at += 64 * 1024)
        controller.enqueue(bytes.subarray(at, at + 64 * 1024));
      controller.close();
    },
  });

describe('JSON bodies over a real connection are read up to 1 MB, declared or chunked', () => {
  const small = JSON.stringify({ lines: [{ productId: 'x', quantity: 1 }] });
  const huge = JSON.stringify({ lines: [], padding: 'x'.repeat(MAX_JSON_BODY_BYTES) });

  it('answers a body within the limit, whether its length is declared or it comes in chunks', async () => {
    const body = JSON.stringify({ lines: [{ productId, quantity: 2 }] });
    for (const sent of [body, chunked(body)]) {
      const response = await quote(sent);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ lines: [{ productId, quantity: 2 }] });
    }
  });

  it('refuses 413 too-large a body that declares more than 1 MB, and one that sends more in chunks', async () => {
    for (const sent of [huge, chunked(huge)]) {
      const response = await quote(sent);
      expect(response.status).toBe(413);
      expect((await response.json()).error.code).toBe('too-large');
    }
  });

  it('still validates a declared body: a malformed one is 400 invalid-input', async () => {
    const response = await quote(small.slice(0, -2));
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('invalid-input');
  });
});
