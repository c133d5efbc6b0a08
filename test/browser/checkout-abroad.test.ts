import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADDRESSES_ABROAD } from '../support/addresses-abroad.js';
import { openAdminPage } from '../support/admin-pages.js';
import { signUp, type TestUser } from '../support/auth-users.js';
import { addToCartFromStore, shopAndBrowserForFile, signInAt } from '../support/browser-shop.js';
import { tickAttestations } from '../support/checkout-attestations.js';

const env = shopAndBrowserForFile();
let shopper: TestUser;
let page: Page;
const placed: Partial<Record<string, string>> = {};

beforeAll(async () => {
  shopper = await signUp();
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
  if (region) await page.getByLabel(region, { exact: true }).fill(local.state);
  await page.getByLabel(postalCode, { exact: true }).fill(local.postalCode);
  // A returning shopper's form starts with their last order's address: the phone is typed over it.
  await page.getByLabel('Phone').fill('');
  await page.getByLabel('Phone').pressSequentially(local.phone);
}

describe('buyers abroad check out through the real form', () => {
  it.each([
    ['GB', '020 7946 0958', 'County (optional)', 'Postcode'],
    ['DE', '030 901820', null, 'Postal code'],
    ['JP', '03-1234-5678', 'Prefecture', 'Postal code'],
    ['CA', '(416) 555-0123', 'Province', 'Postal code'],
    ['AU', '(02) 9876 5432', 'State', 'Postcode'],
  ] as const)(
    'from %s, placing an order that shows their phone as %s',
    async (country, shown, region, postalCode) => {
      await fillAddressIn(country, region, postalCode);
      if (country === 'GB') await page.getByLabel('County (optional)').fill('');
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
    await fillAddressIn('GB', 'County (optional)', 'Postcode');
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
  });
});
