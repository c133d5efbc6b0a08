import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openAdminPage } from '../support/admin-pages.js';
import { signUp, type TestUser } from '../support/auth-users.js';
import { shopAndBrowserForFile } from '../support/browser-shop.js';
import { placeBankTransferOrder } from '../support/place-order.js';

const ctx = shopAndBrowserForFile();
let shopper: TestUser;
let page: Page;

beforeAll(async () => {
  shopper = await signUp();
  page = await ctx.browser.newPage();
});

const orderLink = (number: string) => page.getByRole('button', { name: number, exact: true });
const detail = (number: string) => page.getByRole('article', { name: `Order ${number}` });

describe('handling orders in the admin area', () => {
  it('finds an order by email, marks it paid, then shipped with a tracking number', async () => {
    const number = await placeBankTransferOrder(ctx.shop.url, shopper.idToken);
    await openAdminPage(page, ctx.shop.url, '/admin/orders', ctx.shop.admin);
    await page.getByLabel('Search by order number or email').fill(shopper.email);
    await orderLink(number).click();
    const order = detail(number);
    await order.getByRole('heading', { name: `Order ${number} — Awaiting payment` }).waitFor();
    expect(await order.textContent()).toContain('Ada Lovelace');
    await order.getByText('Cancelled automatically if still unpaid on').waitFor();

    await order.getByLabel('Payment reference (optional)').fill('BANK-4471');
    await order.getByRole('button', { name: 'Mark paid' }).click();
    await order.getByRole('heading', { name: `Order ${number} — Paid` }).waitFor();
    expect(await order.textContent()).toContain('reference BANK-4471');
    expect(await order.getByText('Cancelled automatically').count()).toBe(0);

    await order.getByLabel('Carrier').fill('UPS');
    await order.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await order.getByRole('button', { name: 'Mark shipped' }).click();
    await order.getByRole('heading', { name: `Order ${number} — Shipped` }).waitFor();
    expect(await order.textContent()).toContain('Tracking: UPS 1Z999AA10123456784');

    // Shipped orders leave the default "Unshipped" view and show under "Shipped".
    await expect.poll(() => orderLink(number).count()).toBe(0);
    await page.getByLabel('Show').selectOption('Shipped');
    await orderLink(number).waitFor();
  });

  it('finds an order by its number and cancels it after confirming', async () => {
    const number = await placeBankTransferOrder(ctx.shop.url, shopper.idToken);
    await page.getByLabel('Show').selectOption('All orders');
    await page.getByLabel('Search by order number or email').fill(number.toLowerCase());
    await orderLink(number).click();
    const order = detail(number);
    await order.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${number}?` });
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await order.getByRole('heading', { name: `Order ${number} — Cancelled` }).waitFor();
    expect(await order.getByRole('button', { name: 'Mark paid' }).count()).toBe(0);
  });
});
