import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductResponse } from '../../shared/api/client.js';
import type { Product } from '../../shared/domain/product.js';
import { openAdminPage } from '../support/admin-pages.js';
import { signIn, signUp, type TestUser } from '../support/auth-users.js';
import { shopAndBrowserForFile } from '../support/browser-shop.js';
import { liftCheckoutLimitsIn } from '../support/checkout-limits.js';
import { TEST_ADDRESS } from '../support/constants.js';

const ctx = shopAndBrowserForFile();
let page: Page;
let adminToken: string;
let shopper: TestUser;
/** Every product edit the admin app sent: its body and its If-Match. */
const edits: { body: unknown; ifMatch: string | undefined }[] = [];

beforeAll(async () => {
  page = await ctx.browser.newPage();
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/admin/products/'))
      edits.push({ body: request.postDataJSON(), ifMatch: request.headers()['if-match'] });
  });
  [adminToken, shopper] = await Promise.all([
    signIn(ctx.shop.admin.email, ctx.shop.admin.password),
    signUp(),
    // Its shopper places several unpaid orders on purpose.
    liftCheckoutLimitsIn(ctx.shop.dataDir),
  ]);
});

async function call(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${ctx.shop.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status).toBeLessThan(300);
  return response.json();
}
const addProduct = async (name: string): Promise<Product> =>
  (
    (await call('POST', '/api/admin/products', adminToken, {
      name,
      price: 25,
      stock: 10,
      category: 'Repair',
    })) as ProductResponse
  ).product;
const stored = async (id: string): Promise<Product> =>
  ((await call('GET', `/api/admin/products/${id}`, adminToken)) as ProductResponse).product;
const buy = (productId: string, quantity: number) =>
  call('POST', '/api/checkout', shopper.idToken, {
    lines: [{ productId, quantity }],
    shippingAddress: TEST_ADDRESS,
    paymentMethod: 'manual',
    attestations: { adult: true, researchUse: true },
    idempotencyKey: randomUUID(),
  });

const panel = () => page.getByRole('alert').filter({ hasText: 'changed since you opened it' });
/** The comparison's row for one field: label, when opened, now, yours. */
const row = (field: string) =>
  panel().locator(`tr[data-field="${field}"]`).locator('th, td').allTextContents();
const field = (label: string) => page.getByLabel(label, { exact: true });

let signedIn = false;
async function openEditor(product: Product) {
  const path = `/admin/manage-products/${product.id}`;
  if (signedIn) await page.goto(`${ctx.shop.url}${path}`);
  else await openAdminPage(page, ctx.shop.url, path, ctx.shop.admin);
  signedIn = true;
  await page.getByRole('heading', { name: `Edit “${product.name}”` }).waitFor();
}

async function save() {
  await page.getByRole('button', { name: 'Save changes' }).click();
}

describe('editing a product that changed since the admin opened it', () => {
  it('sends only the changed field with If-Match; after orders took 6 of 10 units shows theirs against now, and Reload starts from the current product', async () => {
    const product = await addProduct('Stale Story BPC-157 5mg');
    await openEditor(product);
    expect(await field('Stock').inputValue()).toBe('10');

    await buy(product.id, 1);
    await buy(product.id, 2);
    await buy(product.id, 3);

    await field('Category').fill('Recovery');
    await save();
    await panel().waitFor();
    expect(edits.at(-1)).toEqual({ body: { category: 'Recovery' }, ifMatch: `"${product.version}"` });
    expect(await row('stock')).toEqual(['Stock', '10', '4', 'unchanged']);
    expect(await row('category')).toEqual(['Category', 'Repair', 'Repair', 'Recovery']);
    expect(await panel().locator('tbody tr').count()).toBe(2);
    expect(page.url()).toBe(`${ctx.shop.url}/admin/manage-products/${product.id}`);
    const afterOrders = await stored(product.id);
    expect(afterOrders).toMatchObject({ stock: 4, category: 'Repair' });

    await panel().getByRole('button', { name: 'Reload' }).click();
    await panel().waitFor({ state: 'detached' });
    expect(await field('Stock').inputValue()).toBe('4');
    expect(await field('Category').inputValue()).toBe('Repair');

    await field('Brand').fill('Helix');
    await save();
    await page.waitForURL(`${ctx.shop.url}/admin/manage-products`);
    expect(edits.at(-1)).toEqual({ body: { brand: 'Helix' }, ifMatch: `"${afterOrders.version}"` });
    expect(await stored(product.id)).toMatchObject({ stock: 4, category: 'Repair', brand: 'Helix' });
  });

  it('Re-apply my changes puts the admin’s edits onto the current version, and saving them keeps the stock orders took and the other admin’s edit', async () => {
    const product = await addProduct('Stale Story TB-500 2mg');
    await openEditor(product);
    await field('Category').fill('Recovery');
    await field('Price (USD)').fill('31');

    await buy(product.id, 2);
    await call('PATCH', `/api/admin/products/${product.id}`, adminToken, { brand: 'Other Lab' });

    await save();
    await panel().waitFor();
    expect(edits.at(-1)).toEqual({
      body: { price: 31, category: 'Recovery' },
      ifMatch: `"${product.version}"`,
    });
    expect(await row('price')).toEqual(['Price', '$25.00', '$25.00', '$31.00']);
    expect(await row('category')).toEqual(['Category', 'Repair', 'Repair', 'Recovery']);
    expect(await row('brand')).toEqual(['Brand', '(empty)', 'Other Lab', 'unchanged']);
    expect(await row('stock')).toEqual(['Stock', '10', '8', 'unchanged']);

    await panel().getByRole('button', { name: 'Re-apply my changes' }).click();
    await panel().waitFor({ state: 'detached' });
    expect(await field('Category').inputValue()).toBe('Recovery');
    expect(await field('Price (USD)').inputValue()).toBe('31');
    expect(await field('Brand').inputValue()).toBe('Other Lab');
    expect(await field('Stock').inputValue()).toBe('8');

    const current = await stored(product.id);
    await save();
    await page.waitForURL(`${ctx.shop.url}/admin/manage-products`);
    expect(edits.at(-1)).toEqual({
      body: { price: 31, category: 'Recovery' },
      ifMatch: `"${current.version}"`,
    });
    expect(await stored(product.id)).toMatchObject({
      price: 31,
      category: 'Recovery',
      brand: 'Other Lab',
      stock: 8,
    });
  });
});

describe('editing a product in sizes that changed since the admin opened it', () => {
  it('names the changed variants, and Re-apply keeps the admin’s new price and the stock an order took from the other size', async () => {
    const created = (
      (await call('POST', '/api/admin/products', adminToken, {
        name: 'Stale Story CJC-1295',
        options: [{ name: 'Size', values: ['2 mg', '5 mg'] }],
        variants: [
          { sku: 'STALE-CJC-2', options: { Size: '2 mg' }, price: 20, stock: 10 },
          { sku: 'STALE-CJC-5', options: { Size: '5 mg' }, price: 45, stock: 10 },
        ],
      })) as ProductResponse
    ).product;
    const [small, large] = created.variants;
    await openEditor(created);
    await field('Price (USD) of 5 mg').fill('47.50');

    await call('POST', '/api/checkout', shopper.idToken, {
      lines: [{ productId: created.id, variantId: small!.id, quantity: 3 }],
      shippingAddress: TEST_ADDRESS,
      paymentMethod: 'manual',
      attestations: { adult: true, researchUse: true },
      idempotencyKey: randomUUID(),
    });

    await save();
    await panel().waitFor();
    expect(edits.at(-1)!.ifMatch).toBe(`"${created.version}"`);
    expect(await row('variants')).toEqual([
      'Options and variants',
      '2 mg: STALE-CJC-2, $20.00, stock 10; 5 mg: STALE-CJC-5, $45.00, stock 10',
      '2 mg: STALE-CJC-2, $20.00, stock 7; 5 mg: STALE-CJC-5, $45.00, stock 10',
      '2 mg: STALE-CJC-2, $20.00, stock 10; 5 mg: STALE-CJC-5, $47.50, stock 10',
    ]);

    await panel().getByRole('button', { name: 'Re-apply my changes' }).click();
    await panel().waitFor({ state: 'detached' });
    expect(await field('Stock of 2 mg').inputValue()).toBe('7');
    expect(await field('Price (USD) of 5 mg').inputValue()).toBe('47.50');
    await save();
    await page.waitForURL(`${ctx.shop.url}/admin/manage-products`);
    const saved = await stored(created.id);
    expect(saved.variants.map((v) => [v.id, v.price, v.stock])).toEqual([
      [small!.id, 20, 7],
      [large!.id, 47.5, 10],
    ]);
  });
});
