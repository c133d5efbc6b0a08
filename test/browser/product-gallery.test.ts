import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../shared/domain/product.js';
import { openAdminPage } from '../support/admin-pages.js';
import { signIn } from '../support/auth-users.js';
import { freshPage, shopAndBrowserForFile } from '../support/browser-shop.js';
import { TINY_PNG } from '../support/images.js';

const ctx = shopAndBrowserForFile();
let admin: Page;
let adminToken: string;

beforeAll(async () => {
  admin = await ctx.browser.newPage();
  adminToken = await signIn(ctx.shop.admin.email, ctx.shop.admin.password);
});

const NAME = 'Gallery Story Selank';
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: TINY_PNG });

async function storedByName(name: string): Promise<Product> {
  const response = await fetch(`${ctx.shop.url}/api/admin/products`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const { products } = (await response.json()) as { products: Product[] };
  return products.find((p) => p.name === name)!;
}

/** The storefront's main product image: its address, whether it loaded, and where it sits. */
async function mainImage(page: Page) {
  const image = page.getByRole('img', { name: NAME, exact: true });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  return { src: await image.getAttribute('src'), box: await image.boundingBox() };
}

describe('a product’s gallery, from the admin editor to the product page', () => {
  let product: Product;

  it('lets an admin upload a main image and two gallery images, and give the 10 mg size the second', async () => {
    await openAdminPage(admin, ctx.shop.url, '/admin/manage-products/new', ctx.shop.admin);
    await admin.getByRole('heading', { name: 'Add product' }).waitFor();
    await admin.getByLabel('Name', { exact: true }).fill(NAME);
    await admin.getByLabel('Tags').fill('Nootropic, Research');
    await admin.locator('#product-image').setInputFiles(png('front.png'));
    await admin.getByRole('img', { name: 'Product preview' }).waitFor();
    await admin.getByLabel('Add to gallery').setInputFiles([png('back.png'), png('label.png')]);
    await admin.getByRole('img', { name: 'Gallery 2 of 2' }).waitFor();
    await admin.getByRole('button', { name: 'Add option' }).click();
    await admin.getByLabel('New Size value').fill('5 mg');
    await admin.getByLabel('New Size value').press('Enter');
    await admin.getByLabel('New Size value').fill('10 mg');
    await admin.getByLabel('New Size value').press('Enter');
    await admin.getByLabel('Price (USD) of 5 mg', { exact: true }).fill('35');
    await admin.getByLabel('Price (USD) of 10 mg', { exact: true }).fill('60');
    await admin.getByLabel('Image of 10 mg').selectOption({ label: 'Gallery image 2' });
    await admin.getByRole('button', { name: 'Create product' }).click();
    await admin.waitForURL(`${ctx.shop.url}/admin/manage-products`);

    product = await storedByName(NAME);
    expect(product.imgUrl).toMatch(/^\/images\/\w+\.png$/);
    expect(product.images).toHaveLength(2);
    expect(product.tags).toEqual(['Nootropic', 'Research']);
    expect(product.variants.map((v) => v.imgUrl)).toEqual(['', product.images[1]]);
  });

  it('shows the storefront the gallery; a thumbnail or the 10 mg size changes the main image, which stays in place', async () => {
    const page = await freshPage(ctx.browser);
    await page.goto(`${ctx.shop.url}/products/${product.id}`);
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
    const first = await mainImage(page);
    expect(first.src).toBe(product.imgUrl);
    const thumbnails = page.getByRole('list', { name: 'Images' }).getByRole('button');
    expect(await thumbnails.count()).toBe(3);
    expect(await page.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()).toEqual([
      'Nootropic',
      'Research',
    ]);

    await page.getByRole('button', { name: 'Show image 2 of 3' }).click();
    const second = await mainImage(page);
    expect(second.src).toBe(product.images[0]);
    expect(second.box).toEqual(first.box);

    await page.getByRole('button', { name: '10 mg' }).click();
    await page.waitForURL(/variant=/);
    const sized = await mainImage(page);
    expect(sized.src).toBe(product.images[1]);
    expect(sized.box).toEqual(first.box);
    expect(await page.getByRole('button', { name: 'Show image 3 of 3' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });
});
