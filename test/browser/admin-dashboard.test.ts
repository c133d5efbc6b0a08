import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '../../shared/domain/money.js';
import type { OrderPage } from '../../shared/domain/order-listing.js';
import type { Product } from '../../shared/domain/product.js';
import { openAdminPage } from '../support/admin-pages.js';
import { signUp, signUpAdmin, type TestUser } from '../support/auth-users.js';
import { shopAndBrowserForFile } from '../support/browser-shop.js';
import { placeBankTransferOrder } from '../support/place-order.js';

const ctx = shopAndBrowserForFile();
let shopper: TestUser;
let staff: TestUser;
let page: Page;

/** Calls the admin API as staff other than the one signed in to the browser. */
async function admin<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${ctx.shop.url}/api/admin${path}`, {
    method,
    headers: { authorization: `Bearer ${staff.idToken}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}
const orderId = async (number: string) =>
  (await admin<OrderPage>('GET', `/orders?status=all&q=${number}`)).orders[0]!.id;

beforeAll(async () => {
  [shopper, staff] = await Promise.all([signUp(), signUpAdmin()]);
  page = await ctx.browser.newPage();
});

describe('the admin dashboard', () => {
  it('shows today’s revenue and orders from the orders placed, the orders waiting, and a chart loaded only there', async () => {
    // One account holds at most 3 unpaid orders: the fourth is another shopper's.
    const other = await signUp();
    const [paid, shipped, unpaid, cancelled] = [
      await placeBankTransferOrder(ctx.shop.url, shopper.idToken),
      await placeBankTransferOrder(ctx.shop.url, shopper.idToken),
      await placeBankTransferOrder(ctx.shop.url, shopper.idToken),
      await placeBankTransferOrder(ctx.shop.url, other.idToken),
    ] as string[];
    await admin('POST', `/orders/${await orderId(paid!)}/mark-paid`, {});
    const shippedId = await orderId(shipped!);
    await admin('POST', `/orders/${shippedId}/mark-paid`, {});
    await admin('POST', `/orders/${shippedId}/ship`, { carrier: 'UPS', number: '1Z999' });
    await admin('POST', `/orders/${await orderId(cancelled!)}/cancel`, {});
    const all = (await admin<OrderPage>('GET', '/orders?status=all')).orders;
    expect(all).toHaveLength(4);
    const revenue = all
      .filter((o) => o.status === 'paid' || o.status === 'shipped')
      .reduce((sum, o) => sum + o.totalCents, 0);

    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await openAdminPage(page, ctx.shop.url, '/admin/manage-products', ctx.shop.admin);
    await page.getByRole('heading', { name: 'Manage Products' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Admin' });
    expect(await nav.getByRole('link').first().textContent()).toBe('Dashboard');
    expect(scripts.filter((s) => /sales-chart/.test(s))).toEqual([]);

    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(`${ctx.shop.url}/admin/dashboard`);
    const today = page.getByRole('region', { name: 'Today' });
    await today.getByText(formatCents(revenue), { exact: true }).waitFor();
    expect(await today.locator('[data-figure=orders]').textContent()).toMatch(/^2 orders/);
    expect(await today.textContent()).toContain('none the period before');
    const month = page.getByRole('region', { name: 'Last 30 days' });
    expect(await month.locator('[data-figure=revenue]').textContent()).toBe(formatCents(revenue));

    await page.getByTestId('sales-chart').locator('canvas').waitFor();
    expect(scripts.filter((s) => /sales-chart/.test(s))).toHaveLength(1);
    await page.getByText('Daily figures', { exact: true }).click();
    const lastDay = page.getByRole('table', { name: 'Daily figures' }).getByRole('row').last();
    expect(await lastDay.getByRole('cell').allTextContents()).toEqual([
      new Date().toISOString().slice(0, 10),
      '2',
      formatCents(revenue),
    ]);

    const waiting = page.getByRole('navigation', { name: 'Orders waiting' });
    expect(await waiting.getByRole('link', { name: /awaiting shipment/ }).textContent()).toBe(
      '1 awaiting shipment',
    );
    await waiting.getByRole('link', { name: '1 awaiting payment' }).click();
    await page.waitForURL(`${ctx.shop.url}/admin/orders?status=pending_payment`);
    await page.getByRole('link', { name: unpaid!, exact: true }).waitFor();
    expect(await page.getByRole('link', { name: paid!, exact: true }).count()).toBe(0);
  });

  it('lists sizes at or below the threshold staff set, which the server keeps, and available products with nothing to sell', async () => {
    const { product: nearlyGone } = await admin<{ product: Product }>('POST', '/products', {
      name: 'Dashboard nearly gone',
      price: 15,
      stock: 8,
      sku: 'DASH-8',
    });
    await admin('POST', '/products', { name: 'Dashboard sold out', price: 15, stock: 0 });
    await page.goto(`${ctx.shop.url}/admin/dashboard`);
    const low = page.getByRole('region', { name: /Low stock/ });
    const unsellable = page.getByRole('region', { name: /Available but nothing to sell/ });
    await unsellable.getByRole('link', { name: 'Dashboard sold out' }).waitFor();
    expect(await low.getByRole('row', { name: /DASH-8/ }).count()).toBe(0);

    await low.getByLabel('Low stock at (units or fewer)').fill('8');
    await low.getByRole('button', { name: 'Save' }).click();
    const row = low.getByRole('row', { name: /DASH-8/ });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(['Dashboard nearly gone', 'DASH-8', '8']);

    await page.reload();
    await page
      .getByRole('region', { name: /Low stock/ })
      .getByRole('row', { name: /DASH-8/ })
      .waitFor();
    expect(await page.getByLabel('Low stock at (units or fewer)').inputValue()).toBe('8');
    await page.getByRole('link', { name: 'Dashboard nearly gone' }).click();
    await page.waitForURL(`${ctx.shop.url}/admin/manage-products/${nearlyGone.id}`);
  });
});
