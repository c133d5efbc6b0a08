import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse } from '../../shared/api/types.js';
import { openAdminPage } from '../support/admin-pages.js';
import { signIn } from '../support/auth-users.js';
import { launchBrowser } from '../support/browser.js';
import { TINY_PNG } from '../support/images.js';
import { type ShopProcess, startShop } from '../support/shop-process.js';

let shop: ShopProcess;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
  page = await browser.newPage();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const NAME = 'Thymosin Alpha-1 10mg';

async function storefrontProducts() {
  return ((await (await fetch(`${shop.url}/api/products`)).json()) as ProductListResponse).products;
}

describe('managing products in the admin area', () => {
  it('creates a product with an image and a formatted description that the storefront shows', async () => {
    await openAdminPage(page, shop.url, '/admin/manage-products/new', shop.admin);
    await page.getByRole('heading', { name: 'Add product' }).waitFor();
    await page.getByLabel('Name').fill(NAME);
    await page.getByLabel('Price (USD)').fill('64.50');
    await page.getByLabel('Category').fill('Immune Research');
    await page.getByLabel('Brand').fill('Helix');
    await page.getByLabel('Stock').fill('25');

    await page
      .getByLabel('Image')
      .setInputFiles({ name: 'vial.png', mimeType: 'image/png', buffer: TINY_PNG });
    const preview = page.getByAltText('Product preview');
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);

    const editor = page.getByRole('textbox', { name: 'Description' });
    await editor.click();
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Lyophilised powder');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' for research use.');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('Store at -20 °C');

    await page.getByRole('button', { name: 'Create product' }).click();
    await page.waitForURL(`${shop.url}/admin/manage-products`);
    await page.getByText(`Saved “${NAME}”`).waitFor();

    const created = (await storefrontProducts()).find((p) => p.name === NAME);
    expect(created).toMatchObject({ price: 64.5, category: 'Immune Research', stock: 25, available: true });
    expect(created!.imgUrl).toMatch(/^\/images\/\w+\.png$/);
    expect(created!.description).toBe(
      '<p><strong>Lyophilised powder</strong> for research use.</p><ul><li><p>Store at -20 °C</p></li></ul>',
    );

    const store = await browser.newPage();
    await store.goto(`${shop.url}/`);
    const card = store.getByTestId('product-card').filter({ hasText: NAME });
    await card.waitFor();
    expect(await card.locator('img').getAttribute('src')).toBe(created!.imgUrl);
    await store.close();
  });

  it('shows "A product with this name already exists" on the name field', async () => {
    await page.getByRole('link', { name: 'Add product' }).click();
    await page.getByLabel('Name').fill(` ${NAME.toUpperCase()} `);
    await page.getByLabel('Price (USD)').fill('10');
    await page.getByRole('button', { name: 'Create product' }).click();
    const name = page.getByLabel('Name');
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#product-name-error').textContent()).toBe(
      'A product with this name already exists',
    );
  });

  it('asks before leaving with unsaved changes', async () => {
    await page.getByRole('link', { name: 'Orders' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toBe(`${shop.url}/admin/manage-products/new`);
    await page.getByRole('link', { name: 'Manage Products' }).click();
    await page
      .getByRole('dialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await page.waitForURL(`${shop.url}/admin/manage-products`);
  });

  it('switches the product unavailable and it leaves the storefront', async () => {
    await page.getByLabel('Search by name').fill('thymosin');
    await expect.poll(() => page.getByTestId('admin-product-row').count()).toBe(1);
    const toggle = page.getByLabel(`${NAME} available`);
    await toggle.uncheck();
    await expect.poll(async () => (await storefrontProducts()).some((p) => p.name === NAME)).toBe(false);

    const store = await browser.newPage();
    // Its own price is the only one in this range, so the listing has nothing left to show.
    await store.goto(`${shop.url}/store?min=64.5&max=64.5`);
    await store.getByText('No products in this price range').waitFor();
    expect(await store.getByText(NAME).count()).toBe(0);
    await store.close();
    await page.reload();
    await page.getByLabel('Search by name').fill('thymosin');
    expect(await page.getByLabel(`${NAME} available`).isChecked()).toBe(false);
  });

  it('lists every product 10 to a page', async () => {
    await page.getByLabel('Search by name').fill('');
    const total = Number((await page.getByText(/^\d+ products$/).textContent())!.split(' ')[0]);
    expect(total).toBeGreaterThan(10);
    expect(await page.getByTestId('admin-product-row').count()).toBe(10);
    await page.getByText(`Page 1 of ${Math.ceil(total / 10)}`).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`Page 2 of ${Math.ceil(total / 10)}`).waitFor();
    expect(await page.getByTestId('admin-product-row').count()).toBe(Math.min(10, total - 10));
  });

  it('shows a product added elsewhere within a few seconds, without a reload', async () => {
    await page.getByLabel('Search by name').fill('elsewhere');
    await page.getByText('No products match “elsewhere”.').waitFor();
    const token = await signIn(shop.admin.email, shop.admin.password);
    const response = await fetch(`${shop.url}/api/admin/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Added Elsewhere 2mg', price: 30 }),
    });
    expect(response.status).toBe(201);
    await page.getByRole('link', { name: 'Added Elsewhere 2mg' }).waitFor({ timeout: 8000 });
  });
});
