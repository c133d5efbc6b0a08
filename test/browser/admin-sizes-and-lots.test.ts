import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductResponse } from '../../shared/api/client.js';
import { coaPdf } from '../../shared/backend/seed/coa-pdf.js';
import type { Product } from '../../shared/domain/product.js';
import { openAdminPage } from '../support/admin-pages.js';
import { signIn, signUp, type TestUser } from '../support/auth-users.js';
import { shopAndBrowserForFile } from '../support/browser-shop.js';
import { pdfText } from '../support/pdf-text.js';
import { placeBankTransferOrder } from '../support/place-order.js';

const ctx = shopAndBrowserForFile();
let page: Page;
let adminToken: string;
let shopper: TestUser;

beforeAll(async () => {
  page = await ctx.browser.newPage();
  [adminToken, shopper] = await Promise.all([
    signIn(ctx.shop.admin.email, ctx.shop.admin.password),
    signUp(),
  ]);
});

const NAME = 'Sizes Story Ipamorelin';
let productId: string;

async function stored(id: string): Promise<Product> {
  const response = await fetch(`${ctx.shop.url}/api/admin/products/${id}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as ProductResponse).product;
}

const sizeOf = (product: Product, size: string) => product.variants.find((v) => v.options.Size === size)!;

async function findInList(name: string) {
  await page.getByLabel('Search', { exact: true }).fill(name);
  const row = page.getByTestId('admin-product-row').filter({ hasText: name });
  await row.waitFor();
  return row;
}
/** The list row's cells after the select box and the image: name, category, price, variants, stock. */
const rowCells = async (name: string) =>
  (await (await findInList(name)).locator('td').allTextContents()).slice(2, 7);

describe('sizes and lots in the admin area', () => {
  it('adds a product in two sizes, each with its SKU, price and stock', async () => {
    await openAdminPage(page, ctx.shop.url, '/admin/manage-products/new', ctx.shop.admin);
    await page.getByRole('heading', { name: 'Add product' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(NAME);
    await page.getByLabel('Category', { exact: true }).fill('Growth Hormone Research');
    await page.getByRole('button', { name: 'Add option' }).click();
    expect(await page.getByLabel('Option 1 name').inputValue()).toBe('Size');
    await page.getByLabel('New Size value').fill('2 mg');
    await page.getByLabel('New Size value').press('Enter');
    await page.getByLabel('New Size value').fill('5 mg');
    await page.getByRole('button', { name: 'Add value' }).click();
    for (const [size, sku, price, stock] of [
      ['2 mg', 'IPA-2', '24.50', '12'],
      ['5 mg', 'IPA-5', '49', ''],
    ] as const) {
      await page.getByLabel(`SKU of ${size}`).fill(sku);
      await page.getByLabel(`Price (USD) of ${size}`, { exact: true }).fill(price);
      await page.getByLabel(`Stock of ${size}`).fill(stock);
    }
    // The CAS number's check digit is checked in the browser before anything is sent.
    await page.getByLabel('CAS number').fill('87616-84-1');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.locator('#product-specs-casNumber-error').getByText('CAS number is not valid').waitFor();
    await page.getByLabel('CAS number').fill('87616-84-0');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.waitForURL(`${ctx.shop.url}/admin/manage-products`);
    await page.getByText(`Saved “${NAME}”`).waitFor();

    // The list: lowest price as "from", two variants, the tracked stock only.
    expect(await rowCells(NAME)).toEqual([NAME, 'Growth Hormone Research', 'from $24.50', '2', '12']);
    await page.getByRole('link', { name: NAME }).click();
    await page.getByRole('heading', { name: `Edit “${NAME}”` }).waitFor();
    productId = page.url().split('/').at(-1)!;
    const product = await stored(productId);
    expect(product.options).toEqual([{ name: 'Size', values: ['2 mg', '5 mg'] }]);
    expect(product.variants.map((v) => [v.sku, v.options, v.price, v.stock, v.available])).toEqual([
      ['IPA-2', { Size: '2 mg' }, 24.5, 12, true],
      ['IPA-5', { Size: '5 mg' }, 49, null, true],
    ]);
    expect(product.specs).toEqual({ casNumber: '87616-84-0' });
  });

  it('edits one size’s price and leaves the other size as it was', async () => {
    const before = await stored(productId);
    await page.getByLabel('Price (USD) of 5 mg', { exact: true }).fill('52.00');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`${ctx.shop.url}/admin/manage-products`);
    const after = await stored(productId);
    expect(sizeOf(after, '5 mg')).toEqual({ ...sizeOf(before, '5 mg'), price: 52 });
    expect(sizeOf(after, '2 mg')).toEqual(sizeOf(before, '2 mg'));
    expect(after.version).toBeGreaterThan(before.version);
  });

  it('shows a SKU another product holds (409 duplicate-sku) on that size’s SKU field', async () => {
    const response = await fetch(`${ctx.shop.url}/api/admin/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Sizes Story Other', price: 10, sku: 'OTHER-1' }),
    });
    expect(response.status).toBe(201);
    await (await findInList(NAME)).getByRole('link', { name: NAME }).click();
    await page.getByRole('heading', { name: `Edit “${NAME}”` }).waitFor();
    const sku = page.getByLabel('SKU of 5 mg');
    await sku.fill('other-1');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => sku.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#product-variants-1-sku-error').textContent()).toMatch(/OTHER-1|other-1/);
    expect(sizeOf(await stored(productId), '5 mg').sku).toBe('IPA-5');
    await sku.fill('IPA-5');
  });

  it('adds a lot with a real COA PDF to the 5 mg size, lists it with a working COA link, and deletes it once confirmed', async () => {
    const pdf = await coaPdf({
      productName: NAME,
      variant: '5 mg',
      sku: 'IPA-5',
      lotNumber: 'IPA-2611-A',
      testedAt: '2026-11-02',
      purity: 99.31,
      specs: { casNumber: '87616-84-0' },
    });
    const lots = page.getByRole('region', { name: 'Lots and certificates of analysis' });
    await lots.getByText('No lots recorded yet.').waitFor();
    await lots.getByLabel('Variant').selectOption({ label: '5 mg · IPA-5' });
    await lots.getByLabel('Lot number').fill('ipa-2611-a');
    await lots.getByLabel('Tested on').fill('2026-11-02');
    await lots.getByLabel('Measured purity (%)').fill('99.31');
    await lots
      .getByLabel('Certificate of analysis (PDF)')
      .setInputFiles({ name: 'IPA-2611-A.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) });
    await lots.getByRole('button', { name: 'Add lot' }).click();
    await page.getByText('Added lot IPA-2611-A').waitFor();

    const row = lots.locator('tr[data-lot="IPA-2611-A"]');
    await row.waitFor();
    expect((await row.locator('td').allTextContents()).slice(0, 4)).toEqual([
      'IPA-2611-A',
      '5 mg · IPA-5',
      '2026-11-02',
      '99.31%',
    ]);
    const href = await row.getByRole('link', { name: 'COA PDF of lot IPA-2611-A' }).getAttribute('href');
    const coa = await fetch(new URL(href!, ctx.shop.url));
    expect(coa.status).toBe(200);
    expect(coa.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(pdfText(new Uint8Array(await coa.arrayBuffer())).text).toContain('IPA-2611-A');

    // Shoppers can verify the lot by its number.
    const verify = await fetch(`${ctx.shop.url}/api/lots/ipa-2611-a`);
    expect(verify.status).toBe(200);
    expect(await verify.json()).toMatchObject({
      lot: {
        lotNumber: 'IPA-2611-A',
        productId,
        variantId: sizeOf(await stored(productId), '5 mg').id,
        purity: 99.31,
      },
    });

    // A file that only claims to be a PDF is refused next to the file field.
    await lots.getByLabel('Lot number').fill('IPA-2611-B');
    await lots.getByLabel('Measured purity (%)').fill('99');
    await lots.getByLabel('Certificate of analysis (PDF)').setInputFiles({
      name: 'fake.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<html>no</html>'),
    });
    await lots.getByRole('button', { name: 'Add lot' }).click();
    await expect
      .poll(() => lots.getByLabel('Certificate of analysis (PDF)').getAttribute('aria-invalid'))
      .toBe('true');
    expect(await lots.locator('tr[data-lot]').count()).toBe(1);

    await row.getByRole('button', { name: 'Delete lot IPA-2611-A' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete lot IPA-2611-A?' });
    await dialog.getByRole('button', { name: 'Delete lot' }).click();
    await lots.getByText('No lots recorded yet.').waitFor();
    expect((await fetch(`${ctx.shop.url}/api/lots/IPA-2611-A`)).status).toBe(404);
  });

  it('names an order’s line with its size and SKU', async () => {
    const size = sizeOf(await stored(productId), '2 mg');
    const line = { productId, variantId: size.id, quantity: 3 };
    const number = await placeBankTransferOrder(ctx.shop.url, shopper.idToken, line);
    await page.getByRole('link', { name: 'Orders' }).click();
    await page.getByLabel('Search by order number or email').fill(number);
    await page.getByRole('link', { name: number, exact: true }).click();
    const order = page.getByRole('article', { name: `Order ${number}` });
    await order.getByText(`3 × ${NAME} — 2 mg (IPA-2)`).waitFor();

    // The list follows the stock the order took.
    expect(sizeOf(await stored(productId), '2 mg').stock).toBe(9);
    await page.getByRole('link', { name: 'Manage Products' }).click();
    await expect.poll(async () => (await rowCells(NAME))[4], { timeout: 8000 }).toBe('9');
  });
});
