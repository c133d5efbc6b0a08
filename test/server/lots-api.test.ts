import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApiClient } from '../../shared/api/admin-client.js';
import { createApiClient } from '../../shared/api/client.js';
import { ApiError } from '../../shared/api/errors.js';
import { MAX_COA_BYTES } from '../../shared/domain/constants.js';
import { type NewProductInput, newProductSchema, type Product } from '../../shared/domain/product.js';
import { signUp, signUpAdmin, type TestUser } from '../support/auth-users.js';
import { TINY_PNG } from '../support/images.js';
import { bpcCoa, twoSizeBpc } from '../support/lots.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const UPLOADS_PER_MINUTE = 4;

let t: TestApp;
let admin: TestUser;
let shopper: TestUser;
let bpc: Product;
let water: Product;
let pdf: Uint8Array<ArrayBuffer>;

const addProduct = (input: NewProductInput) => t.store.products.add(newProductSchema.parse(input));

beforeAll(async () => {
  t = createTestApp();
  [admin, shopper, bpc, water] = await Promise.all([
    signUpAdmin(),
    signUp(),
    t.store.products.add(twoSizeBpc()),
    addProduct({ name: 'Bacteriostatic Water', price: 12.5, sku: 'BACW-30ML' }),
  ]);
  pdf = await bpcCoa();
});
afterAll(() => t.close());

type Fields = Record<string, string | undefined>;

function upload(
  fields: Fields,
  file: { bytes: Uint8Array<ArrayBuffer>; name?: string } | null,
  token?: string,
  app = t.app,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  if (file) form.append('coa', new Blob([file.bytes], { type: 'application/pdf' }), file.name ?? 'coa.pdf');
  return app.request('/api/admin/lots', {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token ?? admin.idToken}` },
  });
}

const lotOf = (overrides: Fields = {}): Fields => ({
  lotNumber: 'hx-2611-014',
  productId: bpc.id,
  variantId: bpc.variants[1]!.id,
  testedAt: '2026-11-01',
  purity: '99.2',
  ...overrides,
});

const storedPdfs = () => {
  try {
    return readdirSync(join(t.dataDir, 'images')).filter((name) => name.endsWith('.pdf'));
  } catch {
    return [];
  }
};

const asAdmin = (path: string, method = 'GET', token = admin.idToken) =>
  t.app.request(path, { method, headers: { authorization: `Bearer ${token}` } });

describe('an admin records a lot with its COA PDF, and anyone verifies it by the number on the vial', () => {
  it('stores a real PDF, answers 201 with the lot (upper-cased number, the stored file’s URL), and serves the PDF inline, never sniffed', async () => {
    const response = await upload(lotOf(), { bytes: pdf });
    expect(response.status).toBe(201);
    const { lot } = await response.json();
    expect(lot).toMatchObject({
      lotNumber: 'HX-2611-014',
      productId: bpc.id,
      variantId: bpc.variants[1]!.id,
      testedAt: '2026-11-01',
      purity: 99.2,
    });
    expect(lot.coaUrl).toMatch(/^\/images\/[A-Za-z0-9]+\.pdf$/);

    const served = await t.app.request(lot.coaUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe('inline');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(pdf));
  });

  it('looks a lot up by its number in any case, with its product’s public facts and its variant', async () => {
    for (const asTyped of ['HX-2611-014', 'hx-2611-014', ' Hx-2611-014 ']) {
      const response = await t.app.request(`/api/lots/${encodeURIComponent(asTyped)}`);
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.lot.lotNumber).toBe('HX-2611-014');
      expect(body.product).toEqual({ id: bpc.id, name: 'BPC-157', imgUrl: '', specs: bpc.specs });
      expect(body.variant).toEqual({
        id: bpc.variants[1]!.id,
        sku: 'BPC157-10MG',
        options: { Size: '10 mg' },
      });
    }
  });

  it('finds and deletes a lot whose number holds slashes, as some vials print it, sent encoded', async () => {
    expect((await upload(lotOf({ lotNumber: 'hx/2611/7' }), { bytes: pdf })).status).toBe(201);
    const found = await t.app.request(`/api/lots/${encodeURIComponent('HX/2611/7')}`);
    expect(found.status).toBe(200);
    expect((await found.json()).lot.lotNumber).toBe('HX/2611/7');
    expect((await asAdmin(`/api/admin/lots/${encodeURIComponent('hx/2611/7')}`, 'DELETE')).status).toBe(204);
    expect((await t.app.request(`/api/lots/${encodeURIComponent('HX/2611/7')}`)).status).toBe(404);
  });

  it('answers 404 "Lot X not found" for an unknown lot number', async () => {
    const response = await t.app.request('/api/lots/NOPE-1');
    expect(response.status).toBe(404);
    expect((await response.json()).error).toEqual({ code: 'not-found', message: 'Lot NOPE-1 not found' });
  });

  it('lists a product’s lots publicly only while it is on sale; its lots stay verifiable by number', async () => {
    const listed = await t.app.request(`/api/products/${bpc.id}/lots`);
    expect(listed.status).toBe(200);
    expect((await listed.json()).lots.map((l: { lotNumber: string }) => l.lotNumber)).toEqual([
      'HX-2611-014',
    ]);

    await t.store.products.setAvailability(bpc.id, false);
    try {
      expect((await t.app.request(`/api/products/${bpc.id}/lots`)).status).toBe(404);
      expect((await t.app.request('/api/lots/HX-2611-014')).status).toBe(200);
    } finally {
      await t.store.products.setAvailability(bpc.id, true);
    }
  });

  it('takes a one-variant product’s lot without a variantId, and lists lots newest test first for admins, by product too', async () => {
    const response = await upload(
      { lotNumber: 'BW-0007', productId: water.id, testedAt: '2026-10-02', purity: '100' },
      { bytes: pdf },
    );
    expect(response.status).toBe(201);
    expect((await response.json()).lot.variantId).toBe(water.variants[0]!.id);

    const all = await (await asAdmin('/api/admin/lots')).json();
    expect(all.lots.map((l: { lotNumber: string }) => l.lotNumber)).toEqual(['HX-2611-014', 'BW-0007']);
    const ofWater = await (await asAdmin(`/api/admin/lots?productId=${water.id}`)).json();
    expect(ofWater.lots.map((l: { lotNumber: string }) => l.lotNumber)).toEqual(['BW-0007']);
  });
});

describe('a lot upload is refused with a clear message naming the field', () => {
  it('a PNG renamed .pdf: 415 on coa, nothing stored', async () => {
    const before = storedPdfs();
    const response = await upload(lotOf({ lotNumber: 'PNG-1' }), { bytes: TINY_PNG, name: 'coa.pdf' });
    expect(response.status).toBe(415);
    const { error } = await response.json();
    expect(error.code).toBe('unsupported-media-type');
    expect(error.fields).toEqual([{ field: 'coa', message: error.message }]);
    expect(error.message).toMatch(/PDF/);
    expect(storedPdfs()).toEqual(before);
    expect((await t.app.request('/api/lots/PNG-1')).status).toBe(404);
  });

  it('a PDF cut short (no %%EOF trailer): 415', async () => {
    const response = await upload(lotOf({ lotNumber: 'CUT-1' }), { bytes: pdf.slice(0, pdf.length - 100) });
    expect(response.status).toBe(415);
  });

  it('a file over the limit: 413 on coa, nothing stored', async () => {
    const before = storedPdfs();
    const big = new Uint8Array(MAX_COA_BYTES + 1);
    big.set(pdf);
    big.set(new TextEncoder().encode('\n%%EOF\n'), big.length - 7);
    const response = await upload(lotOf({ lotNumber: 'BIG-1' }), { bytes: big });
    expect(response.status).toBe(413);
    const { error } = await response.json();
    expect(error).toMatchObject({ code: 'too-large', message: 'The COA is larger than 10 MB' });
    expect(error.fields).toEqual([{ field: 'coa', message: 'The COA is larger than 10 MB' }]);
    expect(storedPdfs()).toEqual(before);
  });

  it('no file, bad fields, an unknown product, and a several-size product given no size: 400/404 naming each field', async () => {
    const none = await upload(lotOf({ lotNumber: 'NONE-1' }), null);
    expect(none.status).toBe(400);
    expect((await none.json()).error.fields).toEqual([
      { field: 'coa', message: 'No COA: send the PDF in a field named "coa"' },
    ]);

    const bad = await upload(lotOf({ lotNumber: 'bad lot!', testedAt: '2026-13-01', purity: 'high' }), {
      bytes: pdf,
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'lotNumber',
      'purity',
      'testedAt',
    ]);

    const unknown = await upload(lotOf({ lotNumber: 'UNK-1', productId: 'no-such-product' }), { bytes: pdf });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.fields).toEqual([
      { field: 'productId', message: 'Product no-such-product not found' },
    ]);

    const sizeless = await upload(lotOf({ lotNumber: 'SIZE-1', variantId: undefined }), { bytes: pdf });
    expect(sizeless.status).toBe(400);
    const [issue] = (await sizeless.json()).error.fields;
    expect(issue.field).toBe('variantId');
    for (const variant of bpc.variants) expect(issue.message).toContain(variant.id);
    expect(issue.message).toContain('BPC157-5MG');
    expect(storedPdfs()).toHaveLength(2);
  });

  it('a lot number already recorded: 409 duplicate-lot, and the upload’s file is not kept', async () => {
    const before = storedPdfs();
    const response = await upload(lotOf({ lotNumber: 'HX-2611-014' }), { bytes: pdf });
    expect(response.status).toBe(409);
    expect((await response.json()).error).toMatchObject({
      code: 'duplicate-lot',
      message: 'Lot HX-2611-014 already exists',
    });
    expect(storedPdfs()).toEqual(before);
  });
});

describe('one lot number, uploaded by several admins at once', () => {
  it('is recorded once; the others get 409 and none of their files stays', async () => {
    const before = storedPdfs();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => upload(lotOf({ lotNumber: 'RACE-1' }), { bytes: pdf })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const { lot } = await responses.find((r) => r.status === 201)!.json();
    expect(storedPdfs().filter((name) => !before.includes(name))).toEqual([
      lot.coaUrl.replace('/images/', ''),
    ]);
  });
});

describe('the apps’ typed clients', () => {
  it('record, list, look up and remove a lot through the routes', async () => {
    const fetch: typeof globalThis.fetch = async (input, init) => t.app.request(String(input), init);
    const staff = createAdminApiClient({
      baseUrl: 'http://127.0.0.1',
      fetch,
      getToken: async () => admin.idToken,
    });
    const shop = createApiClient({ baseUrl: 'http://127.0.0.1', fetch });

    const { lot } = await staff.lots.add(
      {
        lotNumber: 'cl/1',
        productId: bpc.id,
        variantId: bpc.variants[0]!.id,
        testedAt: '2026-11-05',
        purity: 99.6,
      },
      new Blob([pdf], { type: 'application/pdf' }),
    );
    expect(lot).toMatchObject({ lotNumber: 'CL/1', variantId: bpc.variants[0]!.id, purity: 99.6 });
    expect((await staff.lots.list(bpc.id)).lots.map((l) => l.lotNumber)).toContain('CL/1');
    expect((await shop.lots.ofProduct(bpc.id)).lots[0]!.lotNumber).toBe('CL/1');
    const found = await shop.lots.get(' cl/1 ');
    expect(found.variant).toEqual({ id: bpc.variants[0]!.id, sku: 'BPC157-5MG', options: { Size: '5 mg' } });

    await staff.lots.remove('cl/1');
    const gone = await shop.lots.get('CL/1').catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(ApiError);
    expect(gone).toMatchObject({ status: 404, code: 'not-found' });
  });
});

describe('lots are for admins only', () => {
  it('a shopper gets 403 and a caller without a token 401 on every admin lot route, and nothing changes', async () => {
    const before = storedPdfs();
    expect((await upload(lotOf({ lotNumber: 'SHOP-1' }), { bytes: pdf }, shopper.idToken)).status).toBe(403);
    expect((await asAdmin('/api/admin/lots', 'GET', shopper.idToken)).status).toBe(403);
    expect((await asAdmin('/api/admin/lots/HX-2611-014', 'DELETE', shopper.idToken)).status).toBe(403);
    expect((await t.app.request('/api/admin/lots')).status).toBe(401);
    expect(storedPdfs()).toEqual(before);
    expect((await t.app.request('/api/lots/HX-2611-014')).status).toBe(200);
  });
});

describe('deleting a lot', () => {
  it('deletes its COA file unless another lot uses it, then answers 404 for it', async () => {
    const { lot } = await (await upload(lotOf({ lotNumber: 'DEL-1' }), { bytes: pdf })).json();
    // Another lot recorded with the same certificate (as an import could): the file stays while it is used.
    await t.store.lots.add({ ...lot, lotNumber: 'DEL-2' });
    const file = lot.coaUrl.replace('/images/', '');

    expect((await asAdmin('/api/admin/lots/del-1', 'DELETE')).status).toBe(204);
    expect(storedPdfs()).toContain(file);
    expect((await asAdmin('/api/admin/lots/DEL-2', 'DELETE')).status).toBe(204);
    expect(storedPdfs()).not.toContain(file);

    const again = await asAdmin('/api/admin/lots/DEL-1', 'DELETE');
    expect(again.status).toBe(404);
    expect((await again.json()).error.message).toBe('Lot DEL-1 not found');
    expect((await t.app.request('/api/lots/DEL-1')).status).toBe(404);
  });
});

describe('lot uploads are limited per admin like image uploads', () => {
  it(`answers 429 with Retry-After past ${UPLOADS_PER_MINUTE} uploads a minute`, async () => {
    const limited = createTestApp({}, { SHOP_IMAGE_UPLOADS_PER_MINUTE: String(UPLOADS_PER_MINUTE) });
    try {
      const product = await limited.store.products.add(newProductSchema.parse({ name: 'Selank', price: 38 }));
      const statuses: number[] = [];
      for (let i = 0; i <= UPLOADS_PER_MINUTE; i++) {
        const fields = {
          lotNumber: `RATE-${i}`,
          productId: product.id,
          testedAt: '2026-11-01',
          purity: '99',
        };
        const response = await upload(fields, { bytes: pdf }, admin.idToken, limited.app);
        statuses.push(response.status);
        if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([...Array(UPLOADS_PER_MINUTE).fill(201), 429]);
      expect(readdirSync(join(limited.dataDir, 'images'))).toHaveLength(UPLOADS_PER_MINUTE);
    } finally {
      await limited.close();
    }
  });
});
