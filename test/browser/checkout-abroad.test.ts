import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADDRESSES_ABROAD } from '../support/addresses-abroad.js';
import { openAdminPage } from '../support/admin-pages.js';
import { signUp, type TestUser } from '../support/auth-users.js';
import { addToCartFromStore, shopAndBrowserForFile, signInAt } from '../support/browser-shop.js';
import { tickAttestations } from '../support/checkout-attestations.js';
import { liftCheckoutLimitsIn } from '../support/checkout-limits.js';

const env = shopAndBrowserForFile();
let shopper: TestUser;
let page: Page;
const placed: Partial<Record<string, string>> = {};

beforeAll(async () => {
  // One shopper places an order from every country, more than the unpaid-order limit, on purpose.
  [shopper] = await Promise.all([signUp(), liftCheckoutLimitsIn(env.shop.dataDir)]);
  page = await (await env.browser.newContext({ viewport: { width: 375, height: 700 } })).newPage();
  await addToCart();
  await page.goto(`${env.shop.url}/checkout`);
  await page.waitForURL(`${env.shop.url}/identify`);
  await signInAt(page, shopper.email, shopper.password);
  await page.waitForURL(`${env.shop.url}/checkout`);
});

async function addToCart() {
  await addToCartFromStore(page, env.shop.url, /BPC-157/);
}

/** Opens the checkout with one item in the cart and fills the address of `country` as a local would type it. */
async function fillAddressIn(
  country: keyof typeof ADDRESSES_ABROAD,
  region: string | null,
  postalCode: string,
) {
  await addToCart();
  await page.goto(`${env.shop.url}/checkout`);
  await page.getByRole('region', { name: 'Order summary' }).waitFor();
  const local = ADDRESSES_ABROAD[country];
  await page.getByLabel('Country').selectOption(country);
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Street address').fill('1 Main Street');
  await page.getByLabel('City').fill(local.city);
  if (region) await page.getByLabel(region, { exact: true }).selectOption(local.state);
  await page.getByLabel(postalCode, { exact: true }).fill(local.postalCode);
  // A returning shopper's form starts with their last order's address: the phone is typed over it.
  await page.getByLabel('Phone').fill('');
  await page.getByLabel('Phone').pressSequentially(local.phone);
}

describe('buyers abroad check out through the real form', () => {
  it.each([
    ['GB', '020 7946 0958', null, 'Postcode'],
    ['DE', '030 901820', null, 'Postal code'],
    ['JP', '03-1234-5678', 'Prefecture', 'Postal code'],
    ['CA', '(416) 555-0123', 'Province', 'Postal code'],
    ['AU', '(02) 9876 5432', 'State', 'Postcode'],
  ] as const)(
    'from %s, placing an order that shows their phone as %s',
    async (country, shown, region, postalCode) => {
      await fillAddressIn(country, region, postalCode);
      await tickAttestations(page);
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(/\/checkout\/success\?order=/, { timeout: 10_000 }).catch(async (error) => {
        const refused = await page
          .locator('[aria-invalid="true"]')
          .evaluateAll((els) => els.map((e) => e.outerHTML));
        throw new Error(`not placed; invalid fields: ${refused.join(' ')}`, { cause: error });
      });
      const orderId = new URL(page.url()).searchParams.get('order')!;
      placed[country] = orderId;
      await page.goto(`${env.shop.url}/order-details/${orderId}`);
      const address = page.getByRole('region', { name: 'Shipping address' });
      await address.getByText(shown).waitFor();
      await address.getByText(ADDRESSES_ABROAD[country].postalCode, { exact: false }).waitFor();
    },
  );

  it('shows staff the UK order’s phone as the UK writes it, and its address without a state', async () => {
    const admin = await (await env.browser.newContext()).newPage();
    await openAdminPage(admin, env.shop.url, `/admin/orders/${placed.GB}`, env.shop.admin);
    const shipTo = admin.locator('address').filter({ hasText: 'Ada Lovelace' });
    await shipTo.getByText('London SW1A 2AA, GB').waitFor();
    await shipTo.getByText('020 7946 0958').waitFor();
  });

  it('on a failed submit, focuses the first wrong field and scrolls it into view on a phone', async () => {
    await fillAddressIn('GB', null, 'Postcode');
    const postcode = page.getByLabel('Postcode', { exact: true });
    await postcode.fill('12345');
    await tickAttestations(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByText('Enter a valid postcode').waitFor();
    await expect.poll(() => postcode.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await postcode.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, height: window.innerHeight };
    });
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(box.height);
    expect(new URL(page.url()).pathname).toBe('/checkout');
    // Put right, the postcode's error goes at once, before any submit.
    await postcode.fill('SW1A 2AA');
    await page.getByText('Enter a valid postcode').waitFor({ state: 'detached' });
    expect(await postcode.getAttribute('aria-invalid')).toBeNull();
  });
});

describe('the region is chosen from the country’s list', () => {
  it('lists the states by name with their codes, and clears the region when the country changes', async () => {
    await fillAddressIn('US', 'State', 'ZIP code');
    const state = page.getByLabel('State', { exact: true });
    const options = await state
      .locator('option')
      .evaluateAll((els) => els.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    expect(options).toHaveLength(57);
    expect(options).toContainEqual(['CA', 'California']);
    expect(options).toContainEqual(['HI', 'Hawaii']);
    await state.selectOption({ label: 'California' });
    expect(await state.inputValue()).toBe('CA');
    await page.getByLabel('Country').selectOption('CA');
    expect(await page.getByLabel('Province', { exact: true }).inputValue()).toBe('');
    await page.getByLabel('Country').selectOption('US');
    expect(await page.getByLabel('State', { exact: true }).inputValue()).toBe('');
  });

  it('shows no shipping line or price until the address says where it ships', async () => {
    // The region was just cleared: a US address without its state says no more than the country.
    const summary = page.getByRole('region', { name: 'Order summary' });
    await page.getByText('Enter your address to see the shipping options.').waitFor();
    await expect.poll(() => summary.getByTestId('order-shipping').textContent()).toBe('Enter your address');
    expect(await summary.getByText(/^Shipping \(/).count()).toBe(0);
    await page.getByLabel('State', { exact: true }).selectOption('MA');
    await page.getByTestId('shipping-options').getByRole('radio').first().waitFor();
    await summary.getByText(/^Shipping \(/).waitFor();
  });

  it('ships a saved US address switched to the UK without its state', async () => {
    await fillAddressIn('US', 'State', 'ZIP code');
    await page.getByLabel('State', { exact: true }).selectOption('CA');
    await page.getByLabel('ZIP code', { exact: true }).fill('90012');
    await page.getByLabel('Country').selectOption('GB');
    expect(await page.getByLabel(/County|State/).count()).toBe(0);
    await page.getByLabel('City').fill('London');
    await page.getByLabel('Postcode', { exact: true }).fill('SW1A 2AA');
    await page.getByLabel('Phone').fill('');
    await page.getByLabel('Phone').pressSequentially('020 7946 0958');
    await tickAttestations(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/checkout\/success\?order=/);
    const orderId = new URL(page.url()).searchParams.get('order')!;
    await page.goto(`${env.shop.url}/order-details/${orderId}`);
    const address = page.getByRole('region', { name: 'Shipping address' });
    await address.getByText('London SW1A 2AA', { exact: false }).waitFor();
    expect(await address.getByText('London, CA', { exact: false }).count()).toBe(0);
  });
});
