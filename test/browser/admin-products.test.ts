import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openAdminPage } from '../support/admin-pages.js';
import { signIn } from '../support/auth-users.js';
import { shopAndBrowserForFile } from '../support/browser-shop.js';
import { TINY_PNG } from '../support/images.js';
import { at, listedProducts } from '../support/listed-products.js';

const ctx = shopAndBrowserForFile();
let page: Page;
let createdId: string;

beforeAll(async () => {
  page = await ctx.browser.newPage();
});

const NAME = 'Thymosin Alpha-1 10mg';

async function storefrontProducts() {
  return listedProducts(at(ctx.shop.url));
}

describe('managing products in the admin area', () => {
  it('creates a product with an image and a formatted description that the storefront shows', async () => {
    await openAdminPage(page, ctx.shop.url, '/admin/manage-products/new', ctx.shop.admin);
    await page.getByRole('heading', { name: 'Add product' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(NAME);
    await page.getByLabel('Price (USD)', { exact: true }).fill('64.37');
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
    await page.waitForURL(`${ctx.shop.url}/admin/manage-products`);
    await page.getByText(`Saved “${NAME}”`).waitFor();

    const created = (await storefrontProducts()).find((p) => p.name === NAME);
    createdId = created!.id;
    expect(created).toMatchObject({ price: 64.37, category: 'Immune Research', stock: 25, available: true });
    expect(created!.imgUrl).toMatch(/^\/images\/\w+\.png$/);
    expect(created!.description).toBe(
      '<p><strong>Lyophilised powder</strong> for research use.</p><ul><li><p>Store at -20 °C</p></li></ul>',
    );

    // The shopper's product page shows the image and the formatted description.
    const store = await ctx.browser.newPage();
    await store.goto(`${ctx.shop.url}/products/${created!.id}`);
    await store.getByRole('heading', { name: NAME }).waitFor();
    expect(await store.locator('strong', { hasText: 'Lyophilised powder' }).count()).toBe(1);
    expect(await store.getByRole('listitem').filter({ hasText: 'Store at -20 °C' }).count()).toBe(1);
    const image = store.locator(`img[src="${created!.imgUrl}"]`);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    // ...and the store listing has it at its price.
    await store.goto(`${ctx.shop.url}/store?min=64.37&max=64.37`);
    await store.getByText(NAME).first().waitFor();
    await store.close();
  });

  it('edits an existing product, and refuses a file that only claims to be an image', async () => {
    await page.getByLabel('Search', { exact: true }).fill('thymosin');
    await page.getByRole('link', { name: NAME }).click();
    await page.getByRole('heading', { name: `Edit “${NAME}”` }).waitFor();
    expect(await page.getByLabel('Price (USD)', { exact: true }).inputValue()).toBe('64.37');
    await page.getByRole('textbox', { name: 'Description' }).getByText('Lyophilised powder').waitFor();

    await page.getByLabel('Image').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<html>not an image</html>'),
    });
    await page
      .getByText('Only JPEG, PNG or WebP images can be uploaded; this file is none of them')
      .waitFor();

    await page.getByLabel('Stock').fill('24');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`${ctx.shop.url}/admin/manage-products`);
    await expect
      .poll(async () => (await storefrontProducts()).find((p) => p.name === NAME))
      .toMatchObject({ stock: 24, imgUrl: expect.stringMatching(/^\/images\//) });
  });

  it('shows "A product with this name already exists" on the name field', async () => {
    await page.getByRole('link', { name: 'Add product' }).click();
    // The editor's code loads on first visit; until then the list (with its "Search") is shown.
    await page.getByRole('heading', { name: 'Add product' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(` ${NAME.toUpperCase()} `);
    await page.getByLabel('Price (USD)', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Create product' }).click();
    const name = page.getByLabel('Name', { exact: true });
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
    expect(page.url()).toBe(`${ctx.shop.url}/admin/manage-products/new`);
    await page.getByRole('link', { name: 'Manage Products' }).click();
    await page
      .getByRole('dialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await page.waitForURL(`${ctx.shop.url}/admin/manage-products`);
  });

  it('switches the product unavailable and it leaves the storefront', async () => {
    await page.getByLabel('Search', { exact: true }).fill(NAME);
    await expect.poll(() => page.getByTestId('admin-product-row').count()).toBe(1);
    const toggle = page.getByLabel(`${NAME} available`);
    await toggle.uncheck();
    await expect.poll(async () => (await storefrontProducts()).some((p) => p.name === NAME)).toBe(false);

    const store = await ctx.browser.newPage();
    // Its own price is the only one in this range, so the listing has nothing left to show.
    await store.goto(`${ctx.shop.url}/store?min=64.37&max=64.37`);
    await store.getByText('No products in this price range').waitFor();
    expect(await store.getByText(NAME).count()).toBe(0);
    await store.goto(`${ctx.shop.url}/products/${createdId}`);
    await store.getByText('Product not found').waitFor();
    await store.close();
    await page.reload();
    await page.getByLabel('Search', { exact: true }).fill(NAME);
    await expect.poll(() => page.getByTestId('admin-product-row').count()).toBe(1);
    expect(await page.getByLabel(`${NAME} available`).isChecked()).toBe(false);
  });

  it('lists every product 10 to a page', async () => {
    await page.getByLabel('Search', { exact: true }).fill('');
    await expect.poll(() => page.getByTestId('admin-product-row').count()).toBe(10);
    const total = Number((await page.getByText(/^\d+ products$/).textContent())!.split(' ')[0]);
    expect(total).toBeGreaterThan(10);
    expect(await page.getByTestId('admin-product-row').count()).toBe(10);
    await page.getByText(`Page 1 of ${Math.ceil(total / 10)}`).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`Page 2 of ${Math.ceil(total / 10)}`).waitFor();
    expect(await page.getByTestId('admin-product-row').count()).toBe(Math.min(10, total - 10));
  });

  it('keeps the search, filters and page in the URL, so a reload or a link opens the same list', async () => {
    await page.goto(`${ctx.shop.url}/admin/manage-products?available=false&stock=in`);
    await page.getByRole('link', { name: NAME }).waitFor();
    expect(await page.getByTestId('admin-product-row').count()).toBe(1);
    expect(await page.getByLabel('Availability').inputValue()).toBe('false');
    expect(await page.getByLabel('Stock').inputValue()).toBe('in');

    await page.getByLabel('Availability').selectOption('All products');
    await page.getByLabel('Stock').selectOption('Any stock');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(/^Page 2 of \d+$/).waitFor();
    expect(new URL(page.url()).search).toBe('?page=2');
    await page.reload();
    await page.getByText(/^Page 2 of \d+$/).waitFor();
    await page.goBack();
    await page.waitForURL(`${ctx.shop.url}/admin/manage-products`);
    await page.getByText(/^Page 1 of \d+$/).waitFor();
  });

  it('shows a product added elsewhere within a few seconds, without a reload', async () => {
    await page.getByLabel('Search', { exact: true }).fill('elsewhere');
    await page.getByText('No products match “elsewhere”.').waitFor();
    const token = await signIn(ctx.shop.admin.email, ctx.shop.admin.password);
    const response = await fetch(`${ctx.shop.url}/api/admin/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Added Elsewhere 2mg', price: 30 }),
    });
    expect(response.status).toBe(201);
    await page.getByRole('link', { name: 'Added Elsewhere 2mg' }).waitFor({ timeout: 8000 });
  });
});
