import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../shared/domain/product.js';
import { openAdminPage } from '../support/admin-pages.js';
import { signIn, signUp, type TestUser } from '../support/auth-users.js';
import { shopAndBrowserForFile } from '../support/browser-shop.js';
import { at, listedProducts } from '../support/listed-products.js';
import { placeBankTransferOrder } from '../support/place-order.js';

const ctx = shopAndBrowserForFile();
let shopper: TestUser;
let page: Page;
let adminToken: string;
let first: Product;

beforeAll(async () => {
  shopper = await signUp();
  adminToken = await signIn(ctx.shop.admin.email, ctx.shop.admin.password);
  first = (await listedProducts(at(ctx.shop.url)))[0]!;
  page = await ctx.browser.newPage();
  await openAdminPage(page, ctx.shop.url, '/admin/orders', ctx.shop.admin);
});

const adminCall = (path: string, body: unknown) =>
  fetch(`${ctx.shop.url}/api/admin/orders${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
/** An order's id, as the admin's search finds it. */
async function orderId(number: string): Promise<string> {
  const response = await fetch(`${ctx.shop.url}/api/admin/orders?status=all&q=${number}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  return ((await response.json()) as { orders: { id: string }[] }).orders[0]!.id;
}
const openOrder = async (number: string) => {
  await page.goto(`${ctx.shop.url}/admin/orders?status=all&q=${number}`);
  await page.getByRole('link', { name: number, exact: true }).click();
  return page.getByRole('article', { name: `Order ${number}` });
};
const adminNav = () => page.getByRole('navigation', { name: 'Admin' });

describe('the orders workflow in the admin area', () => {
  it('shows a badge on Orders and a toast for an order placed while the admin works elsewhere; the list clears it', async () => {
    await page.goto(`${ctx.shop.url}/admin/orders`);
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    // Viewing the list marks the orders seen: no badge.
    await expect.poll(() => adminNav().getByRole('status').count(), { timeout: 15_000 }).toBe(0);
    await adminNav().getByRole('link', { name: 'Manage Products' }).click();

    const number = await placeBankTransferOrder(ctx.shop.url, shopper.idToken);
    await adminNav().getByRole('status', { name: '1 new order' }).waitFor({ timeout: 25_000 });
    expect(await adminNav().getByRole('status').textContent()).toBe('1');
    await page.getByText(`New order ${number}`).waitFor();

    await adminNav()
      .getByRole('link', { name: /^Orders/ })
      .click();
    await expect.poll(() => adminNav().getByRole('status').count(), { timeout: 15_000 }).toBe(0);
  });

  it('prints a packing slip with where the parcel goes, SKUs, options and quantities, and no prices', async () => {
    const number = await placeBankTransferOrder(ctx.shop.url, shopper.idToken);
    const order = await openOrder(number);
    await order.getByRole('link', { name: 'Packing slip' }).click();
    await page.waitForURL(/\/admin\/orders\/[^/]+\/packing-slip$/);
    const slip = page.getByRole('article', { name: `Packing slip ${number}` });
    await slip.waitFor();
    const text = (await slip.textContent()) ?? '';
    const variant = first.variants[0]!;
    for (const expected of [
      'Ada Lovelace',
      '12 St James Square',
      'Boston, MA 02116',
      variant.sku,
      first.name,
    ])
      expect(text).toContain(expected);
    for (const [option, value] of Object.entries(variant.options))
      expect(text).toContain(`${option}: ${value}`);
    expect(await slip.getByRole('row').nth(1).getByRole('cell').nth(3).textContent()).toBe('2');
    expect(text).not.toMatch(/\$\s?\d/);
    expect(await adminNav().count()).toBe(0);

    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.locator('body').getAttribute('data-printed')).toBe('yes');
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await slip.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(true);
  });

  it('cancels an order with a reason, which its history shows', async () => {
    const number = await placeBankTransferOrder(ctx.shop.url, shopper.idToken);
    const order = await openOrder(number);
    await order.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${number}?` });
    await dialog.getByLabel('Reason (the customer reads it)').fill('The lab recalled this lot');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await order.getByRole('heading', { name: `Order ${number} — Cancelled` }).waitFor();
    expect(await order.textContent()).toContain('Cancelled (The lab recalled this lot)');
  });

  it('ships from an uploaded CSV, all or nothing unless told, showing each row, and downloads the export', async () => {
    // Another shopper's: one account holds at most 3 unpaid orders, and this file's shopper has some.
    const buyer = await signUp();
    const [paid, unpaid] = [
      await placeBankTransferOrder(ctx.shop.url, buyer.idToken),
      await placeBankTransferOrder(ctx.shop.url, buyer.idToken),
    ];
    expect((await adminCall(`/${await orderId(paid)}/mark-paid`, {})).status).toBe(200);
    await page.goto(`${ctx.shop.url}/admin/orders?status=all`);
    await page.getByText('Export and ship in bulk').click();
    const form = page.getByRole('form', { name: 'Ship orders from a CSV' });
    await form.getByLabel('Shipments CSV (order, tracking, carrier)').setInputFiles({
      name: 'shipments.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `order,tracking,carrier\n${paid},1Z999AA10123456784,UPS\n${unpaid},1Z999AA10123456785,UPS\n`,
      ),
    });
    await form.getByRole('button', { name: 'Ship orders' }).click();
    await form.getByText('1 of 2 rows cannot be shipped; nothing was shipped').waitFor();
    const report = form.getByRole('table', { name: 'Shipment report' });
    expect(await report.getByRole('row').nth(1).textContent()).toContain('not written');
    expect(await report.getByRole('row').nth(2).textContent()).toContain(
      `column order: ${unpaid} is awaiting payment; only a paid order can be shipped`,
    );

    await form.getByLabel('Ship the valid rows even if others are rejected').check();
    await form.getByRole('button', { name: 'Ship orders' }).click();
    await form.getByText('Shipped 1 of 2 orders; 1 rejected.').waitFor();
    expect(await report.getByRole('row').nth(1).textContent()).toContain('shipped');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('orders.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toMatch(/^order_number,order_id,placed_at,status/);
    expect(csv).toMatch(new RegExp(`${paid},[^\\r\\n]*,shipped,`));
  });
});
