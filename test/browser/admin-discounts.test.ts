import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResponse, ProductResponse } from '../../shared/api/client.js';
import type { Discount } from '../../shared/domain/discount.js';
import type { OrderPage } from '../../shared/domain/order-listing.js';
import type { Product } from '../../shared/domain/product.js';
import type { ShippingConfigInput } from '../../shared/domain/shipping-rates.js';
import { openAdminPage } from '../support/admin-pages.js';
import { signIn, signUp, type TestUser } from '../support/auth-users.js';
import { shopAndBrowserForFile } from '../support/browser-shop.js';
import { bankTransferCheckout } from '../support/place-order.js';

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

/** Calls the API as the shop's admin (or as `token`), expecting success; the answer's body. */
async function call<T>(method: string, path: string, body?: unknown, token = adminToken): Promise<T> {
  const response = await fetch(`${ctx.shop.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}
const discountsNow = async () => (await call<{ discounts: Discount[] }>('GET', '/admin/discounts')).discounts;

/** US orders: standard or express, free from $1,000, $6 more when cold-packed; elsewhere $30. */
const SHIPPING: ShippingConfigInput = {
  zones: [
    {
      id: 'us',
      name: 'United States',
      countries: ['US'],
      rates: [
        { id: 'standard', label: 'Standard', amount: 8 },
        { id: 'express', label: 'Express', amount: 25 },
      ],
      freeShippingOver: 1000,
      coldPackSurcharge: 6,
    },
    { id: 'world', name: 'World', countries: ['*'], rates: [{ id: 'air', label: 'Airmail', amount: 30 }] },
  ],
};
const TAX = { rates: [{ country: 'US', region: 'MA', label: 'Sales tax', ratePercent: 6.25 }] };

/** Replaces the editor's JSON with `value` and saves it. */
async function saveJson(label: string, value: unknown) {
  await page.getByLabel(`${label} (JSON)`).fill(JSON.stringify(value, null, 2));
  await page.getByRole('button', { name: `Save ${label.toLowerCase()}` }).click();
}

const cellsOf = async (rowLocator: ReturnType<Page['locator']>) =>
  (await rowLocator.locator('th, td').allTextContents()).map((t) => t.trim());

let productId: string;

describe('discounts, rates and quantity prices in the admin area', () => {
  it('shows no affiliate sales on the dashboard before any order with an affiliate’s code', async () => {
    await openAdminPage(page, ctx.shop.url, '/admin/dashboard', ctx.shop.admin);
    const panel = page.getByRole('region', { name: /^Affiliates, / });
    await panel.getByText('No affiliate sales in this period.').waitFor();
  });

  it('creates a code through the form, naming a wrong field and a code that exists, and switches it off', async () => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Discounts' }).click();
    await page.getByRole('heading', { name: 'Discounts', exact: true }).waitFor();
    await page.getByText('No discount codes yet.').waitFor();

    await page.getByLabel('Code', { exact: true }).fill('X!');
    await page.getByLabel('Value', { exact: true }).fill('15');
    await page.getByRole('button', { name: 'Create code' }).click();
    expect(await page.locator('#discount-code-error').textContent()).toBe(
      'A discount code is 3 to 32 letters, digits, - or _',
    );
    expect(await discountsNow()).toEqual([]);

    await page.getByLabel('Code', { exact: true }).fill('spring15');
    await page.getByLabel('Use limit', { exact: true }).fill('10');
    await page.getByLabel('Categories', { exact: true }).fill('Recovery, Nootropics');
    await page.getByLabel('Affiliate', { exact: true }).fill('Dr Lee');
    await page.getByLabel('Commission (%)', { exact: true }).fill('12');
    await page.getByLabel('Once per customer').check();
    await page.getByRole('button', { name: 'Create code' }).click();
    await page.getByText('Created discount code SPRING15').waitFor();
    const row = page.locator('tr[data-code="SPRING15"]');
    await row.waitFor();
    expect(await cellsOf(row)).toEqual([
      'SPRING15',
      '15%',
      'Recovery, Nootropics',
      'Any time',
      '—',
      '0 / 10',
      'Usable',
      'Yes',
      'Dr Lee (12%)',
      'On',
    ]);

    // The same code again: the server's 409, under the code.
    await page.getByLabel('Code', { exact: true }).fill('SPRING15');
    await page.getByLabel('Type', { exact: true }).selectOption('amount');
    await page.getByLabel('Value', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Create code' }).click();
    await page.locator('#discount-code-error').getByText('Discount code SPRING15 already exists').waitFor();
    expect((await discountsNow()).map((d) => [d.code, d.type, d.value])).toEqual([
      ['SPRING15', 'percent', 15],
    ]);

    await page.getByRole('switch', { name: 'SPRING15 active' }).click();
    await page.getByText('SPRING15 is now inactive').waitFor();
    expect(await page.getByRole('switch', { name: 'SPRING15 active' }).isChecked()).toBe(false);
    expect((await discountsNow()).map((d) => [d.code, d.active])).toEqual([['SPRING15', false]]);
  });

  it('edits shipping zones and tax rates, listing the server’s problems by field path', async () => {
    await page.goto(`${ctx.shop.url}/admin/settings/rates`);
    await page.getByRole('heading', { name: 'Shipping and tax' }).waitFor();
    // The shop's defaults: one zone for everywhere at the original flat rate.
    const everywhere = page.getByRole('table', { name: 'Rates of Everywhere' });
    expect(await cellsOf(everywhere.getByRole('row').nth(1))).toEqual([
      'Standard shipping',
      'standard',
      'Flat',
      '—',
      '—',
      '$15.00',
    ]);
    await page.getByText('No tax rates: no order pays tax.').waitFor();

    const wrong = structuredClone(SHIPPING);
    wrong.zones[0]!.rates[1]!.amount = -1;
    await saveJson('Shipping zones', wrong);
    const problems = page.getByRole('alert', { name: 'Problems in the shipping zones' });
    expect(await problems.textContent()).toBe('zones.0.rates.1.amount: amount cannot be negative');

    await saveJson('Shipping zones', SHIPPING);
    await page.getByText('Saved the shipping zones').waitFor();
    const us = page.getByRole('region', { name: 'Zone United States' });
    await us.getByRole('table', { name: 'Rates of United States' }).waitFor();
    expect(await us.locator('dd').allTextContents()).toEqual([
      'United States (US)',
      'All',
      '$1,000.00',
      '$6.00',
    ]);
    expect(await cellsOf(us.getByRole('row').nth(2))).toEqual([
      'Express',
      'express',
      'Flat',
      '—',
      '—',
      '$25.00',
    ]);

    await saveJson('Tax rates', TAX);
    await page.getByText('Saved the tax rates').waitFor();
    expect(await cellsOf(page.getByRole('table', { name: 'Tax rates' }).getByRole('row').nth(1))).toEqual([
      'United States (US)',
      'MA',
      'Sales tax',
      '6.25%',
      'Tax added at checkout',
    ]);

    const rates = await call<{ shipping: unknown; tax: unknown }>('GET', '/admin/settings/rates');
    expect(rates.tax).toEqual({ rates: [{ ...TAX.rates[0], inclusive: false }] });
    expect(rates.shipping).toEqual({
      zones: [
        {
          ...SHIPPING.zones[0],
          regions: [],
          rates: [
            { id: 'standard', label: 'Standard', amount: 8, basis: 'flat', min: 0, max: null },
            { id: 'express', label: 'Express', amount: 25, basis: 'flat', min: 0, max: null },
          ],
        },
        {
          ...SHIPPING.zones[1],
          regions: [],
          rates: [{ id: 'air', label: 'Airmail', amount: 30, basis: 'flat', min: 0, max: null }],
          freeShippingOver: null,
          coldPackSurcharge: 0,
        },
      ],
    });
  });

  it('gives a size its weight, cold pack and quantity prices, and the product API answers them', async () => {
    const created = await call<ProductResponse>('POST', '/admin/products', {
      name: 'Tiers Story TB-500',
      category: 'Recovery',
      options: [{ name: 'Size', values: ['5 mg', '10 mg'] }],
      variants: [
        { sku: 'TB-5', options: { Size: '5 mg' }, price: 30, stock: 50 },
        { sku: 'TB-10', options: { Size: '10 mg' }, price: 50, stock: 50 },
      ],
    });
    productId = created.product.id;
    await page.goto(`${ctx.shop.url}/admin/manage-products/${productId}`);
    await page.getByRole('heading', { name: 'Edit “Tiers Story TB-500”' }).waitFor();

    await page.getByLabel('Weight (g) of 10 mg').fill('120');
    await page.getByLabel('Cold pack of 10 mg').check();
    for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'Add tier of 10 mg' }).click();
    expect(await page.getByLabel(/^Tier \d of 10 mg: minimum quantity$/).count()).toBe(5);
    expect(await page.getByRole('button', { name: 'Add tier of 10 mg' }).isDisabled()).toBe(true);
    for (let i = 5; i > 2; i--) await page.getByRole('button', { name: `Remove tier ${i} of 10 mg` }).click();
    await page.getByLabel('Tier 1 of 10 mg: minimum quantity').fill('10');
    await page.getByLabel('Tier 1 of 10 mg: percent off').fill('10');
    await page.getByLabel('Tier 2 of 10 mg: minimum quantity').fill('1');
    await page.getByLabel('Tier 2 of 10 mg: percent off').fill('5');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('A tier starts at a quantity of 2 or more').waitFor();
    await page.getByLabel('Tier 2 of 10 mg: minimum quantity').fill('5');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`${ctx.shop.url}/admin/manage-products`);

    const { product } = await call<{ product: Product }>('GET', `/admin/products/${productId}`);
    const [five, ten] = product.variants;
    expect(ten).toMatchObject({
      sku: 'TB-10',
      priceTiers: [
        { minQuantity: 5, percentOff: 5 },
        { minQuantity: 10, percentOff: 10 },
      ],
      weightGrams: 120,
      coldPack: true,
    });
    expect([five!.sku, five!.priceTiers ?? [], five!.weightGrams ?? null, five!.coldPack ?? false]).toEqual([
      'TB-5',
      [],
      null,
      false,
    ]);

    // Opened again, the editor shows them as saved.
    await page.goto(`${ctx.shop.url}/admin/manage-products/${productId}`);
    expect(await page.getByLabel('Weight (g) of 10 mg').inputValue()).toBe('120');
    expect(await page.getByLabel('Cold pack of 10 mg').isChecked()).toBe(true);
    expect(await page.getByLabel('Tier 2 of 10 mg: percent off').inputValue()).toBe('10');
  });

  it('shows an order’s code, tier price, shipping rate and tax, and the affiliate’s sales once paid', async () => {
    await call('POST', '/admin/discounts', {
      code: 'LAB10',
      type: 'amount',
      value: 10,
      affiliate: 'Lab Partners',
    });
    const { product } = await call<{ product: Product }>('GET', `/admin/products/${productId}`);
    const checkout = await call<CheckoutResponse>(
      'POST',
      '/checkout',
      {
        ...bankTransferCheckout([{ productId, variantId: product.variants[1]!.id, quantity: 10 }]),
        discountCode: 'LAB10',
        shippingOptionId: 'us:express',
      },
      shopper.idToken,
    );
    const { order } = checkout;
    // 10 × $50 at 10% off = $450; $10 off; express $25 + $6 cold pack; 6.25% of $471 = $29.4375 → $29.44.
    expect([order.subtotalCents, order.discount?.amountCents, order.shippingCents, order.taxCents]).toEqual([
      45_000, 1_000, 3_100, 2_944,
    ]);
    expect(order.totalCents).toBe(50_044);

    await page.goto(`${ctx.shop.url}/admin/orders/${order.id}`);
    const article = page.getByRole('article', { name: `Order ${order.number}` });
    await article.locator('[data-total="total"]').waitFor();
    const rows = await article
      .locator('[data-total]')
      .evaluateAll((els) => els.map((el) => [...el.children].map((c) => c.textContent)));
    expect(rows).toEqual([
      ['Subtotal', '$450.00'],
      ['Discount LAB10 (affiliate Lab Partners, 10% commission)', '−$10.00'],
      ['Shipping — Express (cold-packed)', '$31.00'],
      ['Sales tax 6.25%, added', '$29.44'],
      ['Total', '$500.44'],
    ]);
    await article.getByText('($45.00 each, 10% quantity price)').waitFor();

    const id = (await call<OrderPage>('GET', `/admin/orders?status=all&q=${order.number}`)).orders[0]!.id;
    await call('POST', `/admin/orders/${id}/mark-paid`, {});
    await page.goto(`${ctx.shop.url}/admin/dashboard`);
    const panel = page.getByRole('region', { name: /^Affiliates, / });
    const row = panel.getByRole('row').filter({ hasText: 'Lab Partners' });
    await row.waitFor();
    // Revenue is the goods after the code ($440); the commission 10% of it.
    expect(await cellsOf(row)).toEqual(['Lab Partners', 'LAB10', '1', '$440.00', '$44.00']);
  });
});
