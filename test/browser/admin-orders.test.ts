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

const orderLink = (number: string) => page.getByRole('link', { name: number, exact: true });
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
    expect(new URL(page.url()).searchParams.get('status')).toBe('shipped');
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

  it('opens an order at its own address, which a reload keeps, and back returns to the filtered list', async () => {
    const number = await placeBankTransferOrder(ctx.shop.url, shopper.idToken);
    const list = `/admin/orders?status=pending_payment&q=${encodeURIComponent(shopper.email)}`;
    await page.goto(`${ctx.shop.url}${list}`);
    await orderLink(number).click();
    await detail(number)
      .getByRole('heading', { name: `Order ${number} — Awaiting payment` })
      .waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/orders\/[^/]+$/);

    await page.reload();
    await detail(number)
      .getByRole('heading', { name: `Order ${number} — Awaiting payment` })
      .waitFor();

    await page.goBack();
    await page.waitForURL(`${ctx.shop.url}${list}`);
    await orderLink(number).waitFor();
    expect(await detail(number).count()).toBe(0);
    expect(await page.getByLabel('Show').inputValue()).toBe('pending_payment');
    expect(await page.getByLabel('Search by order number or email').inputValue()).toBe(shopper.email);
  });

  it('pages through the orders the server answers, the page kept in the URL', async () => {
    const buyer = await signUp();
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) numbers.push(await placeBankTransferOrder(ctx.shop.url, buyer.idToken));
    await page.goto(`${ctx.shop.url}/admin/orders?status=all&q=${encodeURIComponent(buyer.email)}&perPage=2`);
    await orderLink(numbers[2]!).waitFor();
    expect(await orderLink(numbers[1]!).count()).toBe(1);
    expect(await orderLink(numbers[0]!).count()).toBe(0);
    await page.getByText('3 orders').waitFor();

    await page.getByRole('button', { name: 'Next' }).click();
    await orderLink(numbers[0]!).waitFor();
    await page.getByText('Page 2 of 2').waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.reload();
    await orderLink(numbers[0]!).waitFor();
    expect(await orderLink(numbers[2]!).count()).toBe(0);

    await page.getByLabel('Sort').selectOption('Oldest first');
    await orderLink(numbers[0]!).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();

    await page.getByLabel('Placed to').fill('2020-01-01');
    await page.getByText('No orders match.').waitFor();
    expect(new URL(page.url()).searchParams.get('to')).toBe('2020-01-01');
  });
});
