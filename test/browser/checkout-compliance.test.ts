import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '../../shared/domain/compliance.js';
import { openAdminPage } from '../support/admin-pages.js';
import { signUp } from '../support/auth-users.js';
import { launchBrowser } from '../support/browser.js';
import { addToCartFromStore, freshPage, signInAt } from '../support/browser-shop.js';
import { tickAttestations } from '../support/checkout-attestations.js';
import { type ShopProcess, startShop } from '../support/shop-process.js';

let shop: ShopProcess;
let browser: Browser;
let page: Page;
let orderId = '';

// This shop asks shoppers to be 18 or older and does not ship to Canada.
beforeAll(async () => {
  [shop, browser] = await Promise.all([
    startShop({ SHOP_MINIMUM_AGE: '18', SHOP_NO_SHIP_COUNTRIES: 'CA' }),
    launchBrowser(),
  ]);
  page = await freshPage(browser);
  const shopper = await signUp();
  await addToCartFromStore(page, shop.url, /BPC-157/);
  await page.goto(`${shop.url}/checkout`);
  await page.waitForURL(`${shop.url}/identify`);
  await signInAt(page, shopper.email, shopper.password);
  await page.waitForURL(`${shop.url}/checkout`);
  await page.getByRole('region', { name: 'Order summary' }).waitFor();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

describe('compliance on record through the real checkout', () => {
  it('does not offer a country the shop does not ship to', async () => {
    const offered = await page
      .getByLabel('Country')
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(offered).toContain('US');
    expect(offered).toContain('GB');
    expect(offered).not.toContain('CA');
  });

  it('asks for the shop’s minimum age and research use, focusing the first one left unticked', async () => {
    await page.getByLabel('Full name').fill('Rosalind Franklin');
    await page.getByLabel('Street address').fill('1 Radium Lane');
    await page.getByLabel('City').fill('Boston');
    await page.getByLabel('State', { exact: true }).selectOption('MA');
    await page.getByLabel('ZIP code').fill('02115');
    await page.getByLabel('Phone').fill('');
    await page.getByLabel('Phone').pressSequentially('6175550199');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByText('Please confirm you are 18 or older').waitFor();
    await page.getByText('Please confirm the products are for laboratory research use only').waitFor();
    const adult = page.getByRole('checkbox', { name: 'I am 18 years of age or older.' });
    await expect.poll(() => adult.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText(`(version ${TERMS_VERSION})`).waitFor();
  });

  it('places the order once both are ticked', async () => {
    await tickAttestations(page, 18);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/checkout\/success\?order=/);
    orderId = new URL(page.url()).searchParams.get('order')!;
    expect(orderId).not.toBe('');
  });

  it('shows staff what was attested, under which terms and when, on the admin order page', async () => {
    const admin = await freshPage(browser);
    await openAdminPage(admin, shop.url, `/admin/orders/${orderId}`, shop.admin);
    const record = admin.getByRole('region', { name: 'Compliance' });
    await record.getByText('Age: confirmed 18 or older').waitFor();
    await record.getByText('Research use only: confirmed').waitFor();
    await record.getByText(`Terms version: ${TERMS_VERSION}`).waitFor();
    await record.getByText(/^Attested: /).waitFor();
  });
});
