import { randomUUID } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from '../support/auth-users.js';
import { shopProcess } from '../support/cli.js';
import { TEST_ADDRESS } from '../support/constants.js';
import { TINY_PNG } from '../support/images.js';
import { at, listedSummaries } from '../support/listed-products.js';
import { interrupt, type StartScript, spawnShopOn } from '../support/shop-process.js';
import { mountSmallDisk, type SmallDisk } from '../support/tmpfs.js';

const STORAGE_FULL = {
  code: 'storage-full',
  message:
    "The shop's disk is full; nothing was saved. Please try again later (the shop's operator has to free some disk space).",
};

let disk: SmallDisk;
let shop: StartScript;
let url: string;
let admin: TestUser;
let shopper: TestUser;
let productId: string;
const fillers: string[] = [];

beforeAll(async () => {
  // An 8 MB tmpfs as the whole data folder: the shop's database, images and outbox all live on it.
  disk = mountSmallDisk(8);
  shop = spawnShopOn(disk.dir);
  url = await shop.ready;
  [admin, shopper] = await Promise.all([signUpAdmin(), signUp()]);
  // A product sold one way, so a checkout line needs no size.
  productId = (await listedSummaries(at(url))).find((p) => p.variantCount === 1)!.id;
});

afterAll(async () => {
  if (shop) await interrupt(shop);
  disk?.unmount();
});

const images = () => readdirSync(join(disk.dir, 'images')).sort();

function upload(bytes: Uint8Array) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'vial.png');
  return fetch(`${url}/api/admin/images`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${admin.idToken}` },
  });
}

const post = (path: string, body: unknown, token?: string) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

const checkout = () =>
  post(
    '/api/checkout',
    {
      lines: [{ productId, quantity: 1 }],
      shippingAddress: TEST_ADDRESS,
      paymentMethod: 'manual',
      attestations: { adult: true, researchUse: true },
      idempotencyKey: randomUUID(),
    },
    shopper.idToken,
  );
const contact = () =>
  post('/api/contact', { name: 'Ada', email: 'ada@example.com', message: 'Is BPC-157 back in stock soon?' });
const createProduct = () =>
  post('/api/admin/products', { name: `Full disk ${randomUUID().slice(0, 8)}`, price: 12.5 }, admin.idToken);

/** A PNG (by its bytes) of about 2 MB, larger than the room left on the disk. */
const bigPng = () => Buffer.concat([TINY_PNG, Buffer.alloc(2 << 20, 7)]);

describe('a full disk', () => {
  it('an image upload that does not fit answers 507 storage-full and leaves no partial file among the images', async () => {
    const before = images();
    fillers.push(disk.fill(256 * 1024));
    const response = await upload(bigPng());
    expect(response.status).toBe(507);
    expect(await response.json()).toEqual({ error: STORAGE_FULL });
    expect(images()).toEqual(before);
  });

  it('a COA upload that does not fit answers 507 storage-full and leaves neither a file nor the lot', async () => {
    const before = images();
    const form = new FormData();
    for (const [field, value] of Object.entries({
      lotNumber: 'FULL-1',
      productId,
      testedAt: '2026-11-01',
      purity: '99',
    }))
      form.append(field, value);
    // A PDF by its bytes of about 2 MB, larger than the room left on the disk.
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n%'),
      Buffer.alloc(2 << 20, 0x41),
      Buffer.from('\n%%EOF\n'),
    ]);
    form.append('coa', new Blob([pdf], { type: 'application/pdf' }), 'coa.pdf');
    const response = await fetch(`${url}/api/admin/lots`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${admin.idToken}` },
    });
    expect(response.status).toBe(507);
    expect(await response.json()).toEqual({ error: STORAGE_FULL });
    expect(images()).toEqual(before);
    expect((await fetch(`${url}/api/lots/FULL-1`)).status).toBe(404);
  });

  it('a checkout, a contact message, a product create and an upload on a full disk each answer 507 storage-full', async () => {
    fillers.push(disk.fill());
    for (const [what, send] of [
      ['checkout', checkout],
      ['contact', contact],
      ['product create', createProduct],
      ['upload', () => upload(TINY_PNG)],
    ] as const) {
      const response = await send();
      expect({ what, status: response.status }).toEqual({ what, status: 507 });
      expect(await response.json()).toEqual({ error: STORAGE_FULL });
    }
  });

  it('a shop command that writes exits 1 saying the disk is full', async () => {
    const result = await shopProcess([
      '--data',
      disk.dir,
      'products',
      'add',
      '--name',
      `CLI full disk ${randomUUID().slice(0, 8)}`,
      '--price',
      '9.99',
    ]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(
      `shop: the disk holding ${disk.dir} is full; nothing was saved. Free some space on it and run the command again.`,
    );
  });

  it('once space is freed, the same requests succeed without restarting the shop', async () => {
    for (const file of fillers.splice(0)) rmSync(file);
    expect((await checkout()).status).toBe(201);
    expect((await contact()).status).toBe(201);
    expect((await createProduct()).status).toBe(201);
    const uploaded = await upload(bigPng());
    expect(uploaded.status).toBe(201);
    const { url: imageUrl } = (await uploaded.json()) as { url: string };
    expect((await fetch(`${url}${imageUrl}`)).status).toBe(200);
  });
});
