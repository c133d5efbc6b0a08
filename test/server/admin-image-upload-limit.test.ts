import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../server/start-server.js';
import { signUpAdmin, type TestUser } from '../support/auth-users.js';
import { TINY_PNG } from '../support/images.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const LIMIT = 3;
const MB = 1024 * 1024;

let t: TestApp;
let server: RunningServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = createTestApp({}, { SHOP_IMAGE_UPLOADS_PER_MINUTE: String(LIMIT), PORT: '0' });
  // Over a real socket: a refused upload of 1 MB must be answered without the shop keeping any of it.
  [server, alice, bob] = await Promise.all([startServer(t.deps), signUpAdmin(), signUpAdmin()]);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

/** A PNG padded to 1 MB, as a script flooding the shop would send. */
const megabytePng = () => {
  const bytes = Buffer.alloc(MB);
  TINY_PNG.copy(bytes);
  return bytes;
};

const upload = (admin: TestUser) => {
  const form = new FormData();
  form.append('image', new Blob([megabytePng()], { type: 'image/png' }), 'vial.png');
  return fetch(`${server.url}/api/admin/images`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${admin.idToken}` },
  });
};

const storedImages = () => {
  try {
    return readdirSync(join(t.dataDir, 'images')).sort();
  } catch {
    return [];
  }
};

describe('image uploads are limited per admin per minute', () => {
  it(`answers the ${LIMIT + 1}th upload within a minute by one admin with 429 and Retry-After, storing nothing for it, and does not limit another admin`, async () => {
    // All at once, as a script would send them.
    const responses = await Promise.all(Array.from({ length: LIMIT + 4 }, () => upload(alice)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(LIMIT).fill(201), ...Array(4).fill(429)]);
    const refused = responses.find((r) => r.status === 429)!;
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await refused.json()).error).toEqual({
      code: 'rate-limited',
      message: `Too many images: at most ${LIMIT} uploads a minute; please try again shortly`,
    });
    const stored = await Promise.all(
      responses.filter((r) => r.status === 201).map(async (r) => (await r.json()).url as string),
    );
    expect(storedImages()).toEqual(stored.map((url) => url.replace('/images/', '')).sort());

    const other = await upload(bob);
    expect(other.status).toBe(201);
    expect(storedImages()).toHaveLength(LIMIT + 1);

    // Still refused on a later try within the window, and still nothing stored.
    expect((await upload(alice)).status).toBe(429);
    expect(storedImages()).toHaveLength(LIMIT + 1);
  });
});
