import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain/order.js';
import type { Product } from '../../shared/domain/product.js';
import { signIn, signUp, type TestUser } from '../support/auth-users.js';
import { hydrated, freshPage as newPage, shopAndBrowserForFile, signInAt } from '../support/browser-shop.js';
import { tickAttestations } from '../support/checkout-attestations.js';

const env = shopAndBrowserForFile();

/** What staff do in the admin area, straight through the admin API; answers the body after checking the status. */
async function asAdmin(method: string, path: string, body: unknown, status = 200): Promise<unknown> {
  const token = await signIn(env.shop.admin.email, env.shop.admin.password);
  const response = await fetch(`${env.shop.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect({ path, status: response.status }).toEqual({ path, status });
  return response.json();
}

/*
 * The figures, worked by hand with the shop's one rule (every share of an amount in cents, rounded half up once):
 *   10 mg costs $45.00; 10 or more take 10% off a unit: $45.00 − $4.50 = $40.50; 10 × $40.50 = $405.00 subtotal.
 *   LAB15 takes 15% of $405.00 = $60.75 off                                  → goods $344.25.
 *   Express to the US: $35.00 (no free-shipping threshold).
 *   MA tax 6.25%, exclusive, on goods after discount plus shipping: 6.25% of $379.25 = $23.703125 → $23.70.
 *   Total: $344.25 + $35.00 + $23.70 = $402.95.
 */
const EXPECTED = {
  unitCents: 4050,
  subtotalCents: 40500,
  discountCents: 6075,
  shippingCents: 3500,
  taxCents: 2370,
  totalCents: 40295,
};

let product: Product;
let tenMg: Product['variants'][number];
let shopper: TestUser;
let page: Page;
let orderId = '';

beforeAll(async () => {
  product = (
    (await asAdmin(
      'POST',
      '/admin/products',
      {
        name: 'Tiered Tesamorelin',
        category: 'Tiered peptides',
        options: [{ name: 'Size', values: ['5 mg', '10 mg'] }],
        variants: [
          { sku: 'TT-5', options: { Size: '5 mg' }, price: 25, stock: 50, available: true },
          {
            sku: 'TT-10',
            options: { Size: '10 mg' },
            price: 45,
            stock: 50,
            available: true,
            priceTiers: [{ minQuantity: 10, percentOff: 10 }],
          },
        ],
      },
      201,
    )) as { product: Product }
  ).product;
  tenMg = product.variants.find((v) => v.options.Size === '10 mg')!;
  await asAdmin('POST', '/admin/discounts', { code: 'LAB15', type: 'percent', value: 15 }, 201);
  await asAdmin(
    'POST',
    '/admin/discounts',
    { code: 'BULK1000', type: 'amount', value: 50, minSubtotal: 1000 },
    201,
  );
  await asAdmin('PUT', '/admin/settings/shipping', {
    zones: [
      {
        id: 'us',
        name: 'United States',
        countries: ['US'],
        rates: [
          { id: 'standard', label: 'Standard', amount: 15 },
          { id: 'express', label: 'Express', amount: 35 },
        ],
        freeShippingOver: null,
      },
    ],
  });
  await asAdmin('PUT', '/admin/settings/tax', {
    rates: [{ country: 'US', region: 'MA', label: 'MA sales tax', ratePercent: 6.25, inclusive: false }],
  });
  shopper = await signUp();
  page = await newPage(env.browser);
});

const summary = () => page.getByRole('region', { name: 'Order summary' });
const text = async (testId: string) => (await summary().getByTestId(testId).textContent())?.trim();

describe('a checkout with a quantity tier, a code, a chosen rate and tax', () => {
  it('shows the size’s tier on its server-drawn page, the same once hydrated, and prices the cart line at it', async () => {
    const url = `${env.shop.url}/products/${product.id}?variant=${tenMg.id}`;
    const tierText = 'Buy 10 or more: 10% off — $40.50 each';
    expect(await (await fetch(url)).text()).toContain(tierText);
    // A hydration mismatch is reported on the console.
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
    });
    await page.goto(url);
    await hydrated(page);
    expect(await page.getByRole('list', { name: 'Bulk prices' }).textContent()).toBe(tierText);
    expect(problems).toEqual([]);
    await page.getByLabel('Quantity').fill('10');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('button', { name: 'Cart, 10 items' }).click();
    const drawer = page.getByRole('dialog');
    expect(await drawer.getByTestId('cart-line-unit').textContent()).toBe(
      '10 x $40.50 was $45.00 (10+ price, 10% off)',
    );
    expect(await drawer.getByTestId('cart-line-total').textContent()).toBe('$405.00');
    await drawer.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(`${env.shop.url}/identify`);
    await signInAt(page, shopper.email, shopper.password);
    await page.waitForURL(`${env.shop.url}/checkout`);
    await summary().waitFor();
  });

  it('offers only the countries a zone ships to and the rates of the address, the cheapest chosen', async () => {
    const offered = () =>
      page
        .getByLabel('Country')
        .locator('option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    await expect.poll(offered).toEqual(['US']);
    await page.getByText('Enter your address to see the shipping options.').waitFor();
    await page.getByLabel('Full name').fill('Rosalind Franklin');
    await page.getByLabel('Street address').fill('1 Helix Row');
    await page.getByLabel('City').fill('Boston');
    await page.getByLabel('State', { exact: true }).selectOption('MA');
    await page.getByLabel('ZIP code').fill('02115');
    await page.getByLabel('Phone').pressSequentially('6175550199');
    const standard = page.getByRole('radio', { name: 'Standard $15.00' });
    await standard.waitFor();
    expect(await standard.isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Express $35.00' }).isChecked()).toBe(false);
    // Standard: 405.00 + 15.00, then 6.25% of 420.00 = 26.25.
    await expect.poll(() => text('order-tax')).toBe('$26.25');
    expect(await text('order-total')).toBe('$446.25');
  });

  it('shows why a code is refused, under the field, and prices without it', async () => {
    const code = page.getByLabel('Discount code');
    await code.fill('bulk1000');
    await page.getByRole('button', { name: 'Apply' }).click();
    const reason = summary().getByRole('alert');
    await reason.waitFor();
    expect(await reason.textContent()).toBe('Discount code BULK1000 needs a subtotal of $1,000.00 or more');
    expect(await code.getAttribute('aria-invalid')).toBe('true');
    expect(await summary().getByTestId('order-discount').count()).toBe(0);
    expect(await text('order-total')).toBe('$446.25');
  });

  it('applies LAB15, re-quotes with Express, and shows every figure of the hand-worked total', async () => {
    await page.getByLabel('Discount code').fill('LAB15');
    await page.getByRole('button', { name: 'Apply' }).click();
    await summary().getByText('Discount (LAB15)').waitFor();
    await page.getByRole('radio', { name: 'Express $35.00' }).check();
    await summary().getByText('Shipping (Express)').waitFor();

    expect(await summary().getByTestId('line-unit-price').textContent()).toBe(
      '10 x $40.50 was $45.00 (10% quantity price)',
    );
    expect(await text('line-total')).toBe('$405.00');
    expect(await text('order-subtotal')).toBe('$405.00');
    expect(await text('order-discount')).toBe('−$60.75');
    expect(await text('order-shipping')).toBe('$35.00');
    await summary().getByText('MA sales tax (6.25%)').waitFor();
    await expect.poll(() => text('order-tax')).toBe('$23.70');
    expect(await text('order-total')).toBe('$402.95');
    expect(await summary().getByRole('alert').count()).toBe(0);
  });

  it('keeps the summary inside a 375 px phone screen', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await summary().getByTestId('order-total').scrollIntoViewIfNeeded();
    const widths = await page.evaluate(() => {
      const region = document.querySelector('[aria-label="Order summary"]')!;
      return {
        page: document.documentElement.scrollWidth,
        summary: region.scrollWidth - region.clientWidth,
        right: Math.max(...[...region.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right)),
      };
    });
    expect(widths.page).toBeLessThanOrEqual(375);
    expect(widths.summary).toBe(0);
    expect(widths.right).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('places the order with those figures, as the confirmation and the order API show them', async () => {
    await tickAttestations(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/checkout\/success\?order=/);
    orderId = new URL(page.url()).searchParams.get('order')!;
    expect(await page.getByTestId('order-success-total').textContent()).toBe('$402.95');
    const items = page.getByRole('region', { name: 'Items' });
    expect(await items.getByTestId('order-discount').textContent()).toBe('−$60.75');
    expect(await items.getByTestId('order-shipping').textContent()).toBe('$35.00');
    expect(await items.getByTestId('order-tax').textContent()).toBe('$23.70');

    const response = await fetch(`${env.shop.url}/api/orders/${orderId}`, {
      headers: { authorization: `Bearer ${await signIn(shopper.email, shopper.password)}` },
    });
    expect(response.status).toBe(200);
    const { order } = (await response.json()) as { order: Order };
    expect(order.lines.map((l) => [l.variantId, l.quantity, l.unitPriceCents, l.tierPercentOff])).toEqual([
      [tenMg.id, 10, EXPECTED.unitCents, 10],
    ]);
    expect({
      subtotalCents: order.subtotalCents,
      discount: order.discount && { code: order.discount.code, amountCents: order.discount.amountCents },
      shipping: order.shipping,
      shippingCents: order.shippingCents,
      taxCents: order.taxCents,
      tax: order.tax,
      totalCents: order.totalCents,
    }).toEqual({
      subtotalCents: EXPECTED.subtotalCents,
      discount: { code: 'LAB15', amountCents: EXPECTED.discountCents },
      shipping: { id: 'us:express', label: 'Express', amountCents: EXPECTED.shippingCents },
      shippingCents: EXPECTED.shippingCents,
      taxCents: EXPECTED.taxCents,
      tax: { label: 'MA sales tax', ratePercent: 6.25, inclusive: false, amountCents: EXPECTED.taxCents },
      totalCents: EXPECTED.totalCents,
    });
  });
});
