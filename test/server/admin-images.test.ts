import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../shared/domain/constants.js';
import { signUp, signUpAdmin, type TestUser } from '../support/auth-users.js';
import { TINY_GIF, TINY_JPEG, TINY_PNG, TINY_WEBP } from '../support/images.js';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  t = createTestApp();
  [admin, shopper] = await Promise.all([signUpAdmin(), signUp()]);
});
afterAll(() => t.close());

function upload(
  bytes: Uint8Array<ArrayBuffer>,
  fileName: string,
  token?: string,
  declaredType = 'image/png',
) {
  const form = new FormData();
  form.append('image', new Blob([bytes], { type: declaredType }), fileName);
  return t.app.request('/api/admin/images', {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

describe('POST /api/admin/images', () => {
  it('stores a PNG through the image port and serves it at the returned URL', async () => {
    const response = await upload(TINY_PNG, 'vial.png', admin.idToken);
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ contentType: 'image/png', size: TINY_PNG.length });
    expect(body.url).toMatch(/^\/images\/[A-Za-z0-9]+\.png$/);
    const file = join(t.dataDir, 'images', body.url.replace('/images/', ''));
    expect(readFileSync(file)).toEqual(TINY_PNG);
    const served = await t.app.request(body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it.each([
    { type: 'image/jpeg', bytes: TINY_JPEG, name: 'vial.jpeg', ext: 'jpg' },
    { type: 'image/webp', bytes: TINY_WEBP, name: 'vial.webp', ext: 'webp' },
  ])('stores a $type image, typed by its bytes, and serves it as one', async ({ type, bytes, name, ext }) => {
    // Declared as a PNG: the stored type and extension still come from the bytes.
    const response = await upload(bytes, name, admin.idToken, 'image/png');
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ contentType: type, size: bytes.length });
    expect(body.url).toMatch(new RegExp(`^/images/[A-Za-z0-9]+\\.${ext}$`));
    const served = await t.app.request(body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(type);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
  });

  it('refuses a GIF or an SVG with 415 even when named and declared a PNG, storing nothing', async () => {
    const before = storedImages();
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
    );
    for (const bytes of [TINY_GIF, svg]) {
      const response = await upload(bytes, 'vial.png', admin.idToken, 'image/png');
      expect(response.status).toBe(415);
      expect((await response.json()).error).toEqual({
        code: 'unsupported-media-type',
        message: 'Only JPEG, PNG or WebP images can be uploaded; this file is none of them',
        fields: [
          {
            field: 'image',
            message: 'Only JPEG, PNG or WebP images can be uploaded; this file is none of them',
          },
        ],
      });
    }
    expect(storedImages()).toEqual(before);
  });

  it('refuses a file over 5 MB with 413, storing nothing', async () => {
    const before = storedImages();
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(TINY_PNG);
    const response = await upload(big, 'huge.png', admin.idToken);
    expect(response.status).toBe(413);
    expect((await response.json()).error).toMatchObject({
      code: 'too-large',
      message: 'The image is larger than 5 MB',
    });
    expect(storedImages()).toEqual(before);
  });

  it('refuses bytes that are not an image whatever the name and declared type say', async () => {
    const html: Uint8Array<ArrayBuffer> = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    for (const name of ['photo.png', 'photo.jpg', 'photo.webp']) {
      const response = await upload(html, name, admin.idToken, 'image/jpeg');
      expect(response.status).toBe(415);
      expect((await response.json()).error.message).toBe(
        'Only JPEG, PNG or WebP images can be uploaded; this file is none of them',
      );
    }
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    expect((await upload(svg, 'logo.svg', admin.idToken, 'image/svg+xml')).status).toBe(415);
  });

  it('says what is wrong when the field is missing or the body is not multipart', async () => {
    const form = new FormData();
    form.append('file', new Blob([TINY_PNG]), 'vial.png');
    const missing = await t.app.request('/api/admin/images', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${admin.idToken}` },
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toBe('No image: send the file in a field named "image"');
    const json = await t.app.request('/api/admin/images', {
      method: 'POST',
      body: '{}',
      headers: { authorization: `Bearer ${admin.idToken}`, 'content-type': 'application/json' },
    });
    expect(json.status).toBe(400);
  });

  it('refuses shoppers and signed-out callers before reading the file', async () => {
    expect((await upload(TINY_PNG, 'vial.png')).status).toBe(401);
    const response = await upload(TINY_PNG, 'vial.png', shopper.idToken);
    expect(response.status).toBe(403);
    expect((await response.json()).error.message).toBe('Admins only');
  });
});

const storedImages = () => readdirSync(join(t.dataDir, 'images')).sort();

describe('uploaded images follow their product', () => {
  const imageFile = (url: string) => join(t.dataDir, 'images', url.replace('/images/', ''));
  const uploadUrl = async () => (await (await upload(TINY_PNG, 'vial.png', admin.idToken)).json()).url;
  const send = (method: string, path: string, body?: unknown) =>
    t.app.request(`/api/admin/products${path}`, jsonRequest(method, body, admin.idToken));

  it('deletes the old image when a product gets a new one, and its image when it is deleted', async () => {
    const [first, second] = [await uploadUrl(), await uploadUrl()];
    const created = await send('POST', '', { name: 'Imaged peptide', price: 10, imgUrl: first });
    const { product } = await created.json();
    expect((await send('PATCH', `/${product.id}`, { imgUrl: second })).status).toBe(200);
    expect(storedImages()).not.toContain(first.replace('/images/', ''));
    expect((await send('DELETE', `/${product.id}`)).status).toBe(204);
    expect(storedImages()).not.toContain(second.replace('/images/', ''));
  });

  it('deletes a gallery image the product no longer shows, keeps one a size still shows, and all on deletion', async () => {
    const [main, back, label, vial] = await Promise.all([uploadUrl(), uploadUrl(), uploadUrl(), uploadUrl()]);
    const created = await send('POST', '', {
      name: 'Gallery peptide',
      imgUrl: main,
      images: [back, label],
      options: [{ name: 'Size', values: ['5 mg', '10 mg'] }],
      variants: [
        { options: { Size: '5 mg' }, price: 10, imgUrl: label },
        { options: { Size: '10 mg' }, price: 20, imgUrl: vial },
      ],
    });
    expect(created.status).toBe(201);
    const { product } = await created.json();
    // back leaves the gallery; label leaves it too but its size still shows it
    expect((await send('PATCH', `/${product.id}`, { images: [] })).status).toBe(200);
    const names = storedImages();
    expect(names).not.toContain(back.replace('/images/', ''));
    for (const kept of [main, label, vial]) expect(names).toContain(kept.replace('/images/', ''));
    expect((await send('DELETE', `/${product.id}`)).status).toBe(204);
    for (const gone of [main, label, vial])
      expect(storedImages()).not.toContain(gone.replace('/images/', ''));
  });

  it('keeps an image another product still shows', async () => {
    const shared = await uploadUrl();
    const a = (await (await send('POST', '', { name: 'Shared A', price: 10, imgUrl: shared })).json())
      .product;
    await send('POST', '', { name: 'Shared B', price: 10, imgUrl: shared });
    expect((await send('DELETE', `/${a.id}`)).status).toBe(204);
    expect(readFileSync(imageFile(shared))).toEqual(TINY_PNG);
  });
});
