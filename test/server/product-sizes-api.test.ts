import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../shared/api/errors.js';
import type { Order, QuoteLine } from '../../shared/domain/order.js';
import type { NewProductInput, Product } from '../../shared/domain/product.js';
import { adminAppForFile } from '../support/admin-app.js';
import { signUp, type TestUser } from '../support/auth-users.js';
import { liftCheckoutLimits } from '../support/checkout-limits.js';
import { TEST_ADDRESS } from '../support/constants.js';
import { readOutbox } from '../support/smtp-inbox.js';
import { jsonRequest } from '../support/test-app.js';

const ctx = adminAppForFile();
let shopper: TestUser;
beforeAll(async () => {
  shopper = await signUp();
  await liftCheckoutLimits(ctx.t.store);
});

const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const init = jsonRequest(method, body, ctx.admin.idToken);
  return ctx.t.app.request(path, { ...init, headers: { ...(init.headers as object), ...headers } });
};
const error = async (response: Response) => ((await response.json()) as ApiErrorBody).error;
const stored = async (id: string) => (await ctx.t.store.products.get(id))!;

/** A product in two sizes, 5 mg and 10 mg, with SKUs unique to this call. */
function twoSizes(extra: Partial<NewProductInput> = {}): NewProductInput {
  const tag = randomUUID().slice(0, 8);
  return {
    name: `Sized ${tag}`,
    options: [{ name: 'Size', values: ['5 mg', '10 mg'] }],
    variants: [
      { sku: `S5-${tag}`, options: { Size: '5 mg' }, price: 39.99, stock: 20 },
      { sku: `S10-${tag}`, options: { Size: '10 mg' }, price: 69.99, stock: 5 },
    ],
    ...extra,
  };
}

async function create(input: NewProductInput): Promise<Product> {
  const response = await request('POST', '/api/admin/products', input);
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return ((await response.json()) as { product: Product }).product;
}

const size = (p: Product, value: string) => p.variants.find((v) => v.options.Size === value)!;
/** The shopper checks out these lines by bank transfer. */
const checkout = (lines: unknown) =>
  ctx.t.app.request(
    '/api/checkout',
    jsonRequest(
      'POST',
      {
        lines,
        shippingAddress: TEST_ADDRESS,
        paymentMethod: 'manual',
        attestations: { adult: true, researchUse: true },
        idempotencyKey: randomUUID(),
      },
      shopper.idToken,
    ),
  );

describe('POST /api/admin/products with sizes and specs', () => {
  it('creates a product in sizes whose price is the lowest and stock the total, with its specs', async () => {
    const product = await create(
      twoSizes({ specs: { casNumber: '137525-51-0', molecularWeight: 1419.53, purity: '≥ 99% (HPLC)' } }),
    );
    expect(product.price).toBe(39.99);
    expect(product.stock).toBe(25);
    expect(product.options).toEqual([{ name: 'Size', values: ['5 mg', '10 mg'] }]);
    expect(product.variants.map((v) => [v.options.Size, v.price, v.stock, v.available])).toEqual([
      ['5 mg', 39.99, 20, true],
      ['10 mg', 69.99, 5, true],
    ]);
    expect(new Set(product.variants.map((v) => v.id)).size).toBe(2);
    expect(product.specs).toEqual({
      casNumber: '137525-51-0',
      molecularWeight: 1419.53,
      purity: '≥ 99% (HPLC)',
    });
    const shown = await ctx.t.app.request(`/api/products/${product.id}`);
    expect(((await shown.json()) as { product: Product }).product).toEqual(product);
  });

  it('refuses a SKU another product has with 409 duplicate-sku naming the variant’s field, and stores nothing', async () => {
    const first = await create(twoSizes());
    const taken = first.variants[1]!.sku;
    const input = twoSizes();
    input.variants![1]!.sku = taken.toLowerCase();
    const response = await request('POST', '/api/admin/products', input);
    expect(response.status).toBe(409);
    const body = await error(response);
    expect(body.code).toBe('duplicate-sku');
    expect(body.fields).toEqual([{ field: 'variants.1.sku', message: body.message }]);
    expect(await ctx.t.store.products.findByName(input.name)).toBeNull();

    const oneWay = await request('POST', '/api/admin/products', {
      name: `One way ${randomUUID()}`,
      price: 9,
      sku: taken,
    });
    expect(oneWay.status).toBe(409);
    expect((await error(oneWay)).fields).toEqual([expect.objectContaining({ field: 'sku' })]);
  });

  it('answers 400 naming each bad field: a CAS number whose check digit is wrong, a size that is not an option value', async () => {
    const input = twoSizes({ specs: { casNumber: '137525-51-1' } });
    input.variants![1]!.options = { Size: '20 mg' };
    const response = await request('POST', '/api/admin/products', input);
    expect(response.status).toBe(400);
    const fields = (await error(response)).fields!.map((f) => f.field);
    expect(fields).toContain('specs.casNumber');
    expect(fields).toContain('variants.1.options.Size');
  });
});

describe('PATCH /api/admin/products/:id with sizes', () => {
  it('adds a size by sending the whole set, keeping the existing sizes’ ids', async () => {
    const product = await create(twoSizes());
    const [five, ten] = product.variants;
    const response = await request(
      'PATCH',
      `/api/admin/products/${product.id}`,
      {
        options: [{ name: 'Size', values: ['5 mg', '10 mg', '20 mg'] }],
        variants: [five, ten, { options: { Size: '20 mg' }, price: 119, stock: 2 }],
      },
      { 'if-match': `"${product.version}"` },
    );
    expect(response.status).toBe(200);
    const { product: after } = (await response.json()) as { product: Product };
    expect(after.variants.slice(0, 2)).toEqual([five, ten]);
    expect(size(after, '20 mg')).toMatchObject({ price: 119, stock: 2, sku: '' });
    expect(after.stock).toBe(27);
  });

  it('keeps what a listed size leaves out (stock, SKU, image) instead of resetting it', async () => {
    const product = await create(twoSizes());
    const [five, ten] = product.variants;
    const response = await request('PATCH', `/api/admin/products/${product.id}`, {
      variants: [
        { id: five!.id, price: 35 },
        { id: ten!.id, available: false },
      ],
    });
    expect(response.status).toBe(200);
    const after = await stored(product.id);
    expect(after.variants).toEqual([
      { ...five, price: 35 },
      { ...ten, available: false },
    ]);
    expect([after.price, after.stock]).toEqual([35, 25]);
  });

  it('refuses price on a product in several sizes, naming the field', async () => {
    const product = await create(twoSizes());
    const response = await request('PATCH', `/api/admin/products/${product.id}`, { price: 10 });
    expect(response.status).toBe(400);
    expect((await error(response)).fields).toEqual([expect.objectContaining({ field: 'price' })]);
    expect((await stored(product.id)).version).toBe(product.version);
  });
});

describe('PATCH /api/admin/products/:id/variants/:variantId', () => {
  const patchVariant = (p: Product, variantId: string, body: unknown, ifMatch?: number) =>
    request(
      'PATCH',
      `/api/admin/products/${p.id}/variants/${variantId}`,
      body,
      ifMatch === undefined ? {} : { 'if-match': `"${ifMatch}"` },
    );

  it('changes one size and leaves the other as it is, answering the product with its new ETag', async () => {
    const product = await create(twoSizes());
    const ten = size(product, '10 mg');
    const response = await patchVariant(
      product,
      ten.id,
      { price: 64.5, stock: 40, compareAtPrice: 69.99 },
      product.version,
    );
    expect(response.status).toBe(200);
    const { product: after } = (await response.json()) as { product: Product };
    expect(size(after, '10 mg')).toEqual({ ...ten, price: 64.5, stock: 40, compareAtPrice: 69.99 });
    expect(size(after, '5 mg')).toEqual(size(product, '5 mg'));
    expect(after.stock).toBe(60);
    expect(response.headers.get('etag')).toBe(`"${after.version}"`);
    expect(await stored(product.id)).toEqual(after);
  });

  it('refuses a write onto an older version with 412 and the current product, writing nothing', async () => {
    const product = await create(twoSizes());
    const five = size(product, '5 mg');
    await ctx.t.store.products.update(product.id, { brand: 'Changed meanwhile' });
    const current = await stored(product.id);
    const response = await patchVariant(product, five.id, { price: 1 }, product.version);
    expect(response.status).toBe(412);
    expect(response.headers.get('etag')).toBe(`"${current.version}"`);
    expect(((await error(response)).details as { current: Product }).current).toEqual(current);
    expect(await stored(product.id)).toEqual(current);
  });

  it('answers 404 for a variant the product does not have, 409 for a SKU another product has, 400 for nothing to change', async () => {
    const [product, other] = [await create(twoSizes()), await create(twoSizes())];
    const unknown = await patchVariant(product, 'no-such-variant', { price: 5 });
    expect(unknown.status).toBe(404);
    expect((await error(unknown)).message).toBe('Variant not found');
    const taken = await patchVariant(product, product.variants[0]!.id, { sku: other.variants[0]!.sku });
    expect(taken.status).toBe(409);
    expect(await error(taken)).toMatchObject({
      code: 'duplicate-sku',
      fields: [{ field: 'variants.0.sku' }],
    });
    expect((await patchVariant(product, product.variants[0]!.id, {})).status).toBe(400);
    expect(await stored(product.id)).toEqual(product);
  });

  it('without If-Match, keeps the stock that orders take of the other size meanwhile (no lost update)', async () => {
    const product = await create(twoSizes());
    const [five, ten] = [size(product, '5 mg'), size(product, '10 mg')];
    const buy = () => checkout([{ productId: product.id, variantId: five.id, quantity: 1 }]);
    const prices = [60, 61, 62, 63, 64, 65];
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, buy),
      ...prices.map((price) => patchVariant(product, ten.id, { price })),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([...Array(6).fill(200), ...Array(12).fill(201)]);
    const after = await stored(product.id);
    expect(size(after, '5 mg').stock).toBe(8);
    expect(prices).toContain(size(after, '10 mg').price);
    expect(size(after, '10 mg').stock).toBe(5);
  });
});

describe('quote and checkout by size', () => {
  it('quotes two sizes of one product as two lines, each at its size’s price, and a line naming no size as unavailable', async () => {
    const product = await create(twoSizes());
    const [five, ten] = [size(product, '5 mg'), size(product, '10 mg')];
    const response = await ctx.t.app.request(
      '/api/checkout/quote',
      jsonRequest('POST', {
        lines: [
          { productId: product.id, variantId: five.id, quantity: 2 },
          { productId: product.id, variantId: ten.id, quantity: 6 },
          { productId: product.id, quantity: 1 },
        ],
      }),
    );
    expect(response.status).toBe(200);
    const { lines, subtotalCents } = (await response.json()) as { lines: QuoteLine[]; subtotalCents: number };
    expect(lines.map((l) => [l.variantId, l.sku, l.options, l.unitPriceCents, l.status, l.inStock])).toEqual([
      [five.id, five.sku, { Size: '5 mg' }, 3999, 'ok', 20],
      [ten.id, ten.sku, { Size: '10 mg' }, 6999, 'short', 5],
      ['', '', {}, 0, 'unavailable', null],
    ]);
    expect(subtotalCents).toBe(7998);
  });

  it('places one order of two sizes, taking each size’s stock, and e-mails the lines as “Name — size” with the SKU', async () => {
    const product = await create(twoSizes());
    const [five, ten] = [size(product, '5 mg'), size(product, '10 mg')];
    const response = await checkout([
      { productId: product.id, variantId: five.id, quantity: 3 },
      { productId: product.id, variantId: ten.id, quantity: 1 },
    ]);
    expect(response.status).toBe(201);
    const { order } = (await response.json()) as { order: Order };
    expect(order.lines.map((l) => [l.variantId, l.sku, l.options, l.unitPriceCents, l.quantity])).toEqual([
      [five.id, five.sku, { Size: '5 mg' }, 3999, 3],
      [ten.id, ten.sku, { Size: '10 mg' }, 6999, 1],
    ]);
    expect(order.subtotalCents).toBe(3 * 3999 + 6999);
    const after = await stored(product.id);
    expect([size(after, '5 mg').stock, size(after, '10 mg').stock]).toEqual([17, 4]);

    const mail = (await readOutbox(ctx.t.dataDir)).find((m) => m.subject.includes(order.number))!;
    expect(mail.text).toContain(`3 x ${product.name} — 5 mg (SKU ${five.sku}) @ $39.99 = $119.97`);
    expect(mail.text).toContain(`1 x ${product.name} — 10 mg (SKU ${ten.sku}) @ $69.99 = $69.99`);
  });

  it('refuses short stock of one size with 409 naming the variant and its stock, taking nothing', async () => {
    const product = await create(twoSizes());
    const [five, ten] = [size(product, '5 mg'), size(product, '10 mg')];
    const response = await checkout([
      { productId: product.id, variantId: five.id, quantity: 1 },
      { productId: product.id, variantId: ten.id, quantity: 6 },
    ]);
    expect(response.status).toBe(409);
    const body = await error(response);
    expect(body.code).toBe('out-of-stock');
    expect(body.message).toContain(`only 5 of ${product.name} — 10 mg left`);
    expect(body.details).toEqual({
      productIds: [product.id],
      variantIds: [ten.id],
      inStock: { [ten.id]: 5 },
    });
    expect(await stored(product.id)).toEqual(product);
  });

  it('refuses a product in several sizes named without a size, and a size made unavailable, as 409 unavailable', async () => {
    const product = await create(twoSizes());
    const five = size(product, '5 mg');
    const noSize = await checkout([{ productId: product.id, quantity: 1 }]);
    expect(noSize.status).toBe(409);
    expect(await error(noSize)).toMatchObject({ code: 'unavailable', details: { productIds: [product.id] } });
    await ctx.t.store.products.update(product.id, {
      variants: product.variants.map((v) => (v.id === five.id ? { ...v, available: false } : v)),
    });
    const withdrawn = await checkout([{ productId: product.id, variantId: five.id, quantity: 1 }]);
    expect(withdrawn.status).toBe(409);
    expect(await error(withdrawn)).toMatchObject({
      code: 'unavailable',
      details: { productIds: [product.id], variantIds: [five.id] },
    });
  });

  it('still takes a line without variantId for a product sold one way, as carts saved before sizes send it', async () => {
    const product = await create({
      name: `One way ${randomUUID()}`,
      price: 12.5,
      stock: 3,
      sku: `OW-${randomUUID()}`,
    });
    const response = await checkout([{ productId: product.id, quantity: 2 }]);
    expect(response.status).toBe(201);
    const { order } = (await response.json()) as { order: Order };
    expect(order.lines[0]).toMatchObject({
      variantId: product.variants[0]!.id,
      sku: product.variants[0]!.sku,
      options: {},
    });
    expect((await stored(product.id)).stock).toBe(1);
  });
});
