import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProductSchema } from '../../shared/domain/product.js';
import { signUpAdmin, type TestUser } from '../support/auth-users.js';
import { placeStoredOrder } from '../support/place-order.js';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = createTestApp();
  admin = await signUpAdmin();
});
afterAll(() => t.close());

const DUPLICATE_NAME_BODY = {
  error: {
    code: 'duplicate-name',
    message: 'A product with this name already exists',
    fields: [{ field: 'name', message: 'A product with this name already exists' }],
  },
};

const add = (name: string, price = 25) => t.store.products.add(newProductSchema.parse({ name, price }));

describe('public catalogue API', () => {
  it('answers health and the public config of the demo project', async () => {
    expect(await (await t.app.request('/api/health')).json()).toEqual({ status: 'ok', backend: 'sqlite' });
    const config = await (await t.app.request('/api/config')).json();
    expect(config.firebase.projectId).toMatch(/^demo-/);
    expect(config.firebase.authEmulatorUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('lists only available products, with timestamps as seconds and nanoseconds', async () => {
    const shown = await add('Shown peptide');
    const hidden = await add('Hidden peptide');
    await t.store.products.setAvailability(hidden.id, false);
    const response = await t.app.request('/api/products');
    expect(response.status).toBe(200);
    const { products } = await response.json();
    expect(products.map((p: { name: string }) => p.name)).toEqual(['Shown peptide']);
    expect(products[0].createdAt).toEqual({ seconds: expect.any(Number), nanoseconds: expect.any(Number) });
    expect(products[0].id).toBe(shown.id);
  });

  it('answers 304 to a repeat request until the catalogue changes, even from another connection', async () => {
    const first = await t.app.request('/api/products');
    const etag = first.headers.get('etag')!;
    expect((await t.app.request('/api/products', { headers: { 'if-none-match': etag } })).status).toBe(304);
    await add('Added elsewhere');
    const after = await t.app.request('/api/products', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect((await after.json()).products.map((p: { name: string }) => p.name)).toContain('Added elsewhere');
  });

  it('hides an unavailable product from shoppers but not from admins', async () => {
    const p = await add('Paused peptide');
    await t.store.products.setAvailability(p.id, false);
    const anonymous = await t.app.request(`/api/products/${p.id}`);
    expect(anonymous.status).toBe(404);
    expect(await anonymous.json()).toEqual({ error: { code: 'not-found', message: 'Product not found' } });
    const asAdmin = await t.app.request(
      `/api/products/${p.id}`,
      jsonRequest('GET', undefined, admin.idToken),
    );
    expect(asAdmin.status).toBe(200);
    expect((await asAdmin.json()).product.name).toBe('Paused peptide');
    expect((await t.app.request('/api/products/no-such-id')).status).toBe(404);
  });

  it('answers unknown API paths with a JSON 404, not the storefront page', async () => {
    const response = await t.app.request('/api/nope');
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('not-found');
  });
});

describe('admin product API', () => {
  it('creates an available product and refuses a duplicate name with 409 and the exact message', async () => {
    const created = await t.app.request(
      '/api/admin/products',
      jsonRequest('POST', { name: 'CJC test', price: 30.5, stock: 4 }, admin.idToken),
    );
    expect(created.status).toBe(201);
    const { product } = await created.json();
    expect(product).toMatchObject({ name: 'CJC test', price: 30.5, stock: 4, available: true });
    expect(product.createdAt).toEqual(product.updatedAt);

    const duplicate = await t.app.request(
      '/api/admin/products',
      jsonRequest('POST', { name: '  cjc TEST ', price: 10 }, admin.idToken),
    );
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual(DUPLICATE_NAME_BODY);
  });

  it('refuses renaming onto an existing name with 409 and the exact message, leaving both as they were', async () => {
    await add('Rename target');
    const other = await add('Rename source');
    const response = await t.app.request(
      `/api/admin/products/${other.id}`,
      jsonRequest('PATCH', { name: ' RENAME TARGET ' }, admin.idToken),
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual(DUPLICATE_NAME_BODY);
    expect((await t.store.products.get(other.id))?.name).toBe('Rename source');
  });

  it('creates one product when 50 admins add one name at once, spelt in different cases and spacing', async () => {
    const spellings = ['BPC-157 Race', ' bpc-157 race ', 'BPC-157 RACE  ', '\tbpc-157 Race'];
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.request(
          '/api/admin/products',
          jsonRequest('POST', { name: spellings[i % spellings.length], price: 40 + i }, admin.idToken),
        ),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(await response.json()).toEqual(DUPLICATE_NAME_BODY);
    }
    const list = await t.app.request('/api/admin/products', jsonRequest('GET', undefined, admin.idToken));
    const named = (await list.json()).products.filter(
      (p: { name: string }) => p.name.trim().toLowerCase() === 'bpc-157 race',
    );
    expect(named).toHaveLength(1);
    const created = await responses.find((r) => r.status === 201)!.json();
    expect(named[0].id).toBe(created.product.id);
  });

  it('names every invalid field in a 400', async () => {
    const response = await t.app.request(
      '/api/admin/products',
      jsonRequest('POST', { name: ' ', price: 1.999, stock: -2, colour: 'red' }, admin.idToken),
    );
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe('invalid-input');
    const fields = Object.fromEntries(
      error.fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(fields).toMatchObject({
      name: 'Name is required',
      price: 'Price can have at most 2 decimal places',
      stock: 'Stock cannot be negative',
      '': 'Unknown field(s): colour',
    });
  });

  it('updates, toggles availability and deletes', async () => {
    const p = await add('Lifecycle peptide');
    const patched = await t.app.request(
      `/api/admin/products/${p.id}`,
      jsonRequest('PATCH', { price: 99.99, description: '<p>Pure</p>' }, admin.idToken),
    );
    expect((await patched.json()).product).toMatchObject({ price: 99.99, description: '<p>Pure</p>' });
    const off = await t.app.request(
      `/api/admin/products/${p.id}/availability`,
      jsonRequest('PUT', { available: false }, admin.idToken),
    );
    expect((await off.json()).product.available).toBe(false);
    const listed = await (await t.app.request('/api/products')).json();
    expect(listed.products.map((x: { id: string }) => x.id)).not.toContain(p.id);
    const deleted = await t.app.request(
      `/api/admin/products/${p.id}`,
      jsonRequest('DELETE', undefined, admin.idToken),
    );
    expect(deleted.status).toBe(204);
    const again = await t.app.request(
      `/api/admin/products/${p.id}`,
      jsonRequest('DELETE', undefined, admin.idToken),
    );
    expect(again.status).toBe(404);
  });

  it('refuses malformed JSON with 400 and bodies over 1 MB with 413', async () => {
    const malformed = await t.app.request('/api/admin/products', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.idToken}` },
      body: '{"name": "x",',
    });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe('invalid-input');
    const huge = await t.app.request(
      '/api/admin/products',
      jsonRequest('POST', { name: 'Big', price: 1, description: 'x'.repeat(1_100_000) }, admin.idToken),
    );
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.code).toBe('too-large');
  });

  it('refuses with 409 a name that only adds invisible characters to a taken one, and stores names without them at the ends', async () => {
    await add('Zero-width peptide');
    const post = (name: string) =>
      t.app.request('/api/admin/products', jsonRequest('POST', { name, price: 10 }, admin.idToken));
    for (const name of ['Zero-width peptide\u200b', '\u200eZero-width peptide', 'Zero-width pep\u00adtide']) {
      const response = await post(name);
      expect(response.status, JSON.stringify(name)).toBe(409);
      expect(await response.json()).toEqual(DUPLICATE_NAME_BODY);
    }
    const created = await post('\u200bEdge-trimmed peptide\ufeff');
    expect(created.status).toBe(201);
    expect((await created.json()).product.name).toBe('Edge-trimmed peptide');
  });

  it('refuses image URLs that leave the shop or run script with a field error', async () => {
    for (const imgUrl of [
      '/\\evil.example/x.png',
      '//evil.example/x.png',
      '\\\\evil/x.png',
      'javascript:alert(1)',
      'https://cdn.example.com/\u0007x.png',
    ]) {
      const response = await t.app.request(
        '/api/admin/products',
        jsonRequest('POST', { name: `Imaged ${imgUrl}`, price: 10, imgUrl }, admin.idToken),
      );
      expect(response.status, imgUrl).toBe(400);
      expect((await response.json()).error.fields).toEqual([
        { field: 'imgUrl', message: 'Image must be an https URL or one of the shop’s /images/ paths' },
      ]);
    }
  });

  it('creates and patches a product’s gallery, tags and size images, which shoppers then see', async () => {
    const created = await t.app.request(
      '/api/admin/products',
      jsonRequest(
        'POST',
        {
          name: 'Gallery API peptide',
          imgUrl: '/images/front.png',
          images: ['/images/back.png', 'https://cdn.example.com/label.jpg', '/images/front.png'],
          tags: ['Recovery', ' recovery ', 'Stack'],
          options: [{ name: 'Size', values: ['5 mg', '10 mg'] }],
          variants: [
            { options: { Size: '5 mg' }, price: 30, imgUrl: '/images/back.png' },
            { options: { Size: '10 mg' }, price: 50 },
          ],
        },
        admin.idToken,
      ),
    );
    expect(created.status).toBe(201);
    const { product } = await created.json();
    expect(product).toMatchObject({
      images: ['/images/back.png', 'https://cdn.example.com/label.jpg'],
      tags: ['Recovery', 'Stack'],
    });
    expect(product.variants.map((v: { imgUrl: string }) => v.imgUrl)).toEqual(['/images/back.png', '']);

    const patched = await t.app.request(
      `/api/admin/products/${product.id}`,
      jsonRequest('PATCH', { images: ['https://cdn.example.com/label.jpg'], tags: [] }, admin.idToken),
    );
    expect(patched.status).toBe(200);
    expect((await patched.json()).product).toMatchObject({
      images: ['https://cdn.example.com/label.jpg'],
      tags: [],
    });
    const sized = await t.app.request(
      `/api/admin/products/${product.id}/variants/${product.variants[1].id}`,
      jsonRequest('PATCH', { imgUrl: 'https://cdn.example.com/label.jpg' }, admin.idToken),
    );
    expect(sized.status).toBe(200);

    const shown = await (await t.app.request(`/api/products/${product.id}`)).json();
    expect(shown.product).toMatchObject({
      imgUrl: '/images/front.png',
      images: ['https://cdn.example.com/label.jpg'],
    });
    expect(shown.product.variants.map((v: { imgUrl: string }) => v.imgUrl)).toEqual([
      '/images/back.png',
      'https://cdn.example.com/label.jpg',
    ]);
  });

  it('refuses a bad gallery image or tag naming its place, and writes nothing', async () => {
    const p = await add('Gallery refusals');
    const response = await t.app.request(
      `/api/admin/products/${p.id}`,
      jsonRequest(
        'PATCH',
        {
          images: ['/images/a.png', 'https://cdn.example.com/b.png', 'javascript:alert(1)'],
          tags: ['fine', 'a, b'],
        },
        admin.idToken,
      ),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toEqual([
      { field: 'images.2', message: 'Image must be an https URL or one of the shop’s /images/ paths' },
      { field: 'tags.1', message: 'A tag cannot contain a comma' },
    ]);
    expect(await t.store.products.get(p.id)).toEqual(p);
  });

  it('keeps the answer small for a body with 60,000 unknown fields: the first 20 named, then how many more', async () => {
    const body: Record<string, unknown> = { name: 'Many fields', price: 1 };
    for (let i = 0; i < 60_000; i++) body[`unknown${i}`] = 1;
    const response = await t.app.request('/api/admin/products', jsonRequest('POST', body, admin.idToken));
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text.length).toBeLessThan(2_000);
    const { fields } = JSON.parse(text).error;
    expect(fields).toHaveLength(1);
    expect(fields[0].message).toMatch(
      /^Unknown field\(s\): unknown0, unknown1, .*unknown19, and 59980 more$/,
    );
  });

  it('reports at most 20 field problems, then how many more', async () => {
    const lines = Array.from({ length: 90 }, () => ({ productId: '', quantity: -1 }));
    const response = await t.app.request('/api/checkout/quote', jsonRequest('POST', { lines }));
    expect(response.status).toBe(400);
    const { fields, message } = (await response.json()).error;
    expect(fields).toHaveLength(21);
    expect(fields[20]).toEqual({ field: '', message: expect.stringMatching(/^and \d+ more problems$/) });
    expect(message.length).toBeLessThan(2_000);
  });

  it('lists unavailable products to admins', async () => {
    const p = await add('Admin-only listing');
    await t.store.products.setAvailability(p.id, false);
    const response = await t.app.request('/api/admin/products', jsonRequest('GET', undefined, admin.idToken));
    const names = (await response.json()).products.map((x: { name: string }) => x.name);
    expect(names).toContain('Admin-only listing');
  });
});

describe('catalogue listing API', () => {
  const listing = (params: string) => t.app.request(`/api/products?${params}`);
  const addIn = (name: string, price: number, extra: Record<string, unknown> = {}) =>
    t.store.products.add(newProductSchema.parse({ name, price, category: 'Listing Test', ...extra }));

  beforeAll(async () => {
    for (let i = 1; i <= 8; i++)
      await addIn(`Listed peptide ${i}`, 10 + i, { brand: i % 2 ? 'Odd' : 'Even' });
  });

  it('answers one page of the filtered set with its total, pages, bounds and facets', async () => {
    const response = await listing('category=Listing+Test&sort=price-desc&perPage=3&page=2');
    expect(response.status).toBe(200);
    const page = await response.json();
    expect(page).toMatchObject({ page: 2, perPage: 3, total: 8, totalPages: 3, priceBounds: [11, 18] });
    expect(page.products.map((p: { name: string }) => p.name)).toEqual([
      'Listed peptide 5',
      'Listed peptide 4',
      'Listed peptide 3',
    ]);
    expect(page.facets.brand).toEqual([
      { name: 'Even', count: 4 },
      { name: 'Odd', count: 4 },
    ]);
    const odd = await (await listing('category=listing%20test&brand=Odd&min=12&max=16')).json();
    expect(odd.products.map((p: { name: string }) => p.name)).toEqual([
      'Listed peptide 3',
      'Listed peptide 5',
    ]);
    expect(odd.priceBounds).toEqual([11, 17]);
  });

  it('defaults to 6 a page and answers the last page for a page past the end', async () => {
    const page = await (await listing('category=Listing+Test&page=99')).json();
    expect(page).toMatchObject({ page: 2, perPage: 6, totalPages: 2 });
    expect(page.products).toHaveLength(2);
  });

  it('refuses bad values with a 400 naming each field', async () => {
    const response = await listing('sort=foo&perPage=1000&min=abc&page=0&inStock=maybe');
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe('invalid-input');
    expect(error.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'inStock',
      'min',
      'page',
      'perPage',
      'sort',
    ]);
  });

  it('answers 304 per query, and a new answer once an order takes the last of a product', async () => {
    const scarce = await addIn('Scarce peptide', 50, { stock: 1 });
    const inStock = 'category=Listing+Test&inStock=true&perPage=48';
    const first = await listing(inStock);
    const etag = first.headers.get('etag')!;
    expect((await first.json()).products.map((p: { id: string }) => p.id)).toContain(scarce.id);
    expect(
      (await t.app.request(`/api/products?${inStock}`, { headers: { 'if-none-match': etag } })).status,
    ).toBe(304);
    const other = await listing('category=Listing+Test&perPage=48');
    expect(other.headers.get('etag')).not.toBe(etag);
    await placeStoredOrder(t.store.orders, scarce.id, 1);
    const after = await t.app.request(`/api/products?${inStock}`, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect((await after.json()).products.map((p: { id: string }) => p.id)).not.toContain(scarce.id);
  });

  it('searches names, prefixes and one typo, and suggests at most 8 available products as you type', async () => {
    const bpc = await addIn('BPC-157 Listing', 39.99, { specs: { casNumber: '137525-51-0' } });
    for (const q of ['bpc', 'bcp-157', '137525-51-0'])
      expect((await (await listing(`q=${q}`)).json()).products[0].id, q).toBe(bpc.id);
    const suggest = await t.app.request('/api/products/suggest?q=listed%20pep');
    expect(suggest.status).toBe(200);
    const { suggestions } = await suggest.json();
    expect(suggestions).toHaveLength(8);
    expect(Object.keys(suggestions[0]).sort()).toEqual(['category', 'id', 'imgUrl', 'name', 'price']);
    expect((await t.app.request(`/api/products/suggest?q=${'x'.repeat(101)}`)).status).toBe(400);
  });
});
