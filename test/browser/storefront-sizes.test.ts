import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from '../../shared/domain/constants.js';
import type { Lot } from '../../shared/domain/lot.js';
import type { Product } from '../../shared/domain/product.js';
import { signIn, signUp } from '../support/auth-users.js';
import { hydrated, freshPage as newPage, shopAndBrowserForFile, signInAt } from '../support/browser-shop.js';
import { tickAttestations } from '../support/checkout-attestations.js';

const env = shopAndBrowserForFile();
const freshPage = () => newPage(env.browser);

/** What staff do in the admin area, straight through the admin API. */
async function asAdmin(method: string, path: string, body: BodyInit, json = true): Promise<Response> {
  const token = await signIn(env.shop.admin.email, env.shop.admin.password);
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (json) headers['content-type'] = 'application/json';
  return fetch(`${env.shop.url}/api${path}`, { method, headers, body });
}

async function createProduct(input: object): Promise<Product> {
  const response = await asAdmin('POST', '/admin/products', JSON.stringify(input));
  expect(response.status).toBe(201);
  return ((await response.json()) as { product: Product }).product;
}

async function publicProduct(id: string): Promise<Product> {
  return ((await (await fetch(`${env.shop.url}/api/products/${id}`)).json()) as { product: Product }).product;
}

/** A small real PDF, as a lab's certificate would be. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function addLot(fields: Record<string, string>): Promise<Lot> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('coa', new Blob([PDF], { type: 'application/pdf' }), 'coa.pdf');
  const response = await asAdmin('POST', '/admin/lots', form, false);
  expect(response.status).toBe(201);
  return ((await response.json()) as { lot: Lot }).lot;
}

let tb: Product;
let single: Product;
const variantOf = (product: Product, size: string) => product.variants.find((v) => v.options.Size === size)!;

beforeAll(async () => {
  tb = await createProduct({
    name: 'Thymosin Sizes',
    category: 'Sized peptides',
    options: [{ name: 'Size', values: ['2 mg', '5 mg', '10 mg'] }],
    variants: [
      { sku: 'THS-2', options: { Size: '2 mg' }, price: 19, stock: 0, available: true },
      { sku: 'THS-5', options: { Size: '5 mg' }, price: 39, compareAtPrice: 45, stock: 10, available: true },
      { sku: 'THS-10', options: { Size: '10 mg' }, price: 69, stock: 10, available: true },
    ],
    specs: { casNumber: '77591-33-4', molecularFormula: 'C212H350N56O78S', purity: '≥ 99% (HPLC)' },
  });
  single = await createProduct({ name: 'Sold One Way', price: 12.5, stock: 20 });
  await addLot({
    lotNumber: 'THS5-2611',
    productId: tb.id,
    variantId: variantOf(tb, '5 mg').id,
    testedAt: '2026-11-02',
    purity: '99.4',
  });
});

/** Fills the checkout form with an address and the attestations, places the order, and waits for the thank-you page. */
async function placeOrder(page: Page) {
  await page.getByLabel('Full name').fill('Rosalind Franklin');
  await page.getByLabel('Street address').fill('1 Helix Row');
  await page.getByLabel('City').fill('Boston');
  await page.getByLabel('State', { exact: true }).selectOption('MA');
  await page.getByLabel('ZIP code').fill('02115');
  await page.getByLabel('Phone').pressSequentially('6175550199');
  await tickAttestations(page);
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/\/checkout\/success\?order=/);
}

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Shopping Cart' });
const price = (page: Page) => page.getByTestId('variant-price');

describe('sizes in the storefront', () => {
  it('follows the chosen size in price, stock and the URL; back and forward keep the size shown', async () => {
    const page = await freshPage();
    await page.goto(`${env.shop.url}/store?category=Sized+peptides`);
    await hydrated(page);
    await page.getByRole('link', { name: /Thymosin Sizes/ }).click();
    await page.getByRole('heading', { name: 'Thymosin Sizes', level: 1 }).waitFor();
    // The 2 mg size is sold out, so the page opens on 5 mg.
    expect(await price(page).textContent()).toBe('$39.00was $45.00');
    await page.getByText('In stock: 10 available').waitFor();
    await page.getByRole('button', { name: '2 mg (sold out)' }).waitFor();
    const table = page.getByRole('table');
    await table.getByText('77591-33-4').waitFor();
    await table.getByText('C212H350N56O78S').waitFor();

    await page.getByRole('button', { name: '10 mg', exact: true }).click();
    await page.waitForURL(`${env.shop.url}/products/${tb.id}?variant=${variantOf(tb, '10 mg').id}`);
    expect(await price(page).textContent()).toBe('$69.00');
    await page.getByRole('button', { name: '2 mg (sold out)' }).click();
    await page.getByText('Out of stock', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Add to cart' }).count()).toBe(0);

    // The size changes replace the entry: back leaves the product page, forward comes back to 2 mg.
    await page.goBack();
    await page.waitForURL(`${env.shop.url}/store?category=Sized+peptides`);
    await page.goForward();
    await page.waitForURL(`${env.shop.url}/products/${tb.id}?variant=${variantOf(tb, '2 mg').id}`);
    expect(await price(page).textContent()).toBe('$19.00');
    await page.reload();
    expect(await price(page).textContent()).toBe('$19.00');
    await page.context().close();
  });

  it('shows the chosen size’s current lot, whose COA link opens the PDF in a new tab', async () => {
    const page = await freshPage();
    await page.goto(`${env.shop.url}/products/${tb.id}?variant=${variantOf(tb, '5 mg').id}`);
    await hydrated(page);
    await page.getByRole('heading', { name: 'Current lot THS5-2611' }).waitFor();
    await page.getByText('Purity 99.4% · tested 2026-11-02').waitFor();
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Certificate of analysis (PDF)' }).click(),
    ]);
    const response = await fetch(tab.url());
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // The 10 mg size has no lot yet.
    await page.getByRole('button', { name: '10 mg', exact: true }).click();
    await page.getByRole('heading', { name: /Current lot/ }).waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('puts two sizes in the cart as two lines and checks out both, taking each size’s stock', async () => {
    const shopper = await signUp();
    const page = await freshPage();
    await page.goto(`${env.shop.url}/products/${tb.id}`);
    await hydrated(page);
    await page.getByLabel('Quantity').fill('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('button', { name: '10 mg', exact: true }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('button', { name: 'Cart, 3 items' }).click();
    const cart = drawer(page);
    await cart.getByText('3 item(s) in your cart').waitFor();
    const lines = cart.getByTestId('cart-line');
    await lines.filter({ hasText: 'Thymosin Sizes — 5 mg' }).getByText('2 x $39.00').waitFor();
    await lines.filter({ hasText: 'Thymosin Sizes — 10 mg' }).getByText('1 x $69.00').waitFor();
    expect(await lines.count()).toBe(2);
    await cart.getByRole('button', { name: 'Proceed to Checkout' }).click();

    await page.waitForURL(`${env.shop.url}/identify`);
    await signInAt(page, shopper.email, shopper.password);
    await page.waitForURL(`${env.shop.url}/checkout`);
    const summary = page.getByRole('region', { name: 'Order summary' });
    await summary.getByRole('link', { name: 'Thymosin Sizes — 5 mg' }).waitFor();
    await summary.getByRole('link', { name: 'Thymosin Sizes — 10 mg' }).waitFor();
    await placeOrder(page);
    const placed = page.getByRole('region', { name: 'Items' });
    await placed.getByRole('link', { name: 'Thymosin Sizes — 5 mg' }).waitFor();
    await placed.getByRole('link', { name: 'Thymosin Sizes — 10 mg' }).waitFor();

    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByTestId('order-row').first().click();
    const items = page.getByRole('region', { name: 'Items' });
    await items.getByRole('link', { name: 'Thymosin Sizes — 5 mg' }).waitFor();
    await items.getByText('2 x $39.00').waitFor();
    await items.getByRole('link', { name: 'Thymosin Sizes — 10 mg' }).waitFor();
    await items.getByText('1 x $69.00').waitFor();

    const after = await publicProduct(tb.id);
    expect(variantOf(after, '5 mg').stock).toBe(8);
    expect(variantOf(after, '10 mg').stock).toBe(9);
    expect(variantOf(after, '2 mg').stock).toBe(0);
    await page.context().close();
  });

  it('loads a cart saved before sizes existed and checks it out', async () => {
    const shopper = await signUp();
    const page = await freshPage();
    await page.goto(`${env.shop.url}/`);
    await hydrated(page);
    // Exactly what the shop wrote before variants: keyed by product id, no productId or variantId.
    const saved = JSON.stringify({
      cartList: {
        [single.id]: { id: single.id, name: single.name, imgUrl: '', price: 12.5, quantity: 3 },
      },
      cartQuantity: 3,
    });
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [CART_STORAGE_KEY, saved]);
    await page.reload();
    await page.getByRole('button', { name: 'Cart, 3 items' }).click();
    const line = drawer(page).getByTestId('cart-line');
    await line.getByRole('link', { name: 'Sold One Way' }).waitFor();
    await line.getByText('3 x $12.50').waitFor();
    expect(await drawer(page).getByText('No longer available').count()).toBe(0);
    await drawer(page).getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(`${env.shop.url}/identify`);
    await signInAt(page, shopper.email, shopper.password);
    await page.waitForURL(`${env.shop.url}/checkout`);
    await page.getByRole('region', { name: 'Order summary' }).getByText('3 x $12.50').waitFor();
    await placeOrder(page);
    expect((await publicProduct(single.id)).stock).toBe(17);
    await page.context().close();
  });

  it('finds a lot on /verify, from the footer, and says so for an unknown one', async () => {
    const page = await freshPage();
    await page.goto(`${env.shop.url}/`);
    await hydrated(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Verify a lot' }).click();
    await page.waitForURL(`${env.shop.url}/verify`);
    await page.getByLabel('Lot number').fill('ths5-2611');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${env.shop.url}/verify?lot=THS5-2611`);
    const result = page.getByRole('region', { name: 'Lot THS5-2611' });
    await result.getByRole('link', { name: 'Thymosin Sizes' }).waitFor();
    await result.getByText('5 mg', { exact: true }).waitFor();
    await result.getByText('2026-11-02').waitFor();
    await result.getByText('99.4%').waitFor();
    const href = await result
      .getByRole('link', { name: 'Certificate of analysis (PDF)' })
      .getAttribute('href');
    const coa = await fetch(new URL(href!, env.shop.url));
    expect(coa.headers.get('content-type')).toBe('application/pdf');

    await page.goto(`${env.shop.url}/verify?lot=NO-SUCH-LOT`);
    await hydrated(page);
    await page.getByText('No lot NO-SUCH-LOT.', { exact: false }).waitFor();
    await page.context().close();
  });

  it('browses a category from the store, with its count', async () => {
    const page = await freshPage();
    await page.goto(`${env.shop.url}/store`);
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Categories' });
    await nav.getByRole('link', { name: 'Sized peptides 1' }).click();
    await page.waitForURL(`${env.shop.url}/store?category=Sized+peptides`);
    // The unfiltered list stays on screen until the category's answer arrives.
    const cards = page.getByTestId('product-card');
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().textContent()).toContain('from $19.00');
    await page.context().close();
  });
});
