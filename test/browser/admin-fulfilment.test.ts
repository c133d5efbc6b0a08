import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openAdminPage } from '../support/admin-pages.js';
import { signIn, signUp, type TestUser } from '../support/auth-users.js';
import { freshPage, shopAndBrowserForFile, signInAt } from '../support/browser-shop.js';
import { placeBankTransferOrder } from '../support/place-order.js';

const ctx = shopAndBrowserForFile();
let shopper: TestUser;
let packer: TestUser;
let adminPage: Page;
let packerPage: Page;

beforeAll(async () => {
  [shopper, packer] = await Promise.all([signUp(), signUp()]);
  [adminPage, packerPage] = await Promise.all([freshPage(ctx.browser), freshPage(ctx.browser)]);
});

/** Marks the order with this number paid through the API, as a full admin. */
async function markPaid(number: string): Promise<void> {
  const token = await signIn(ctx.shop.admin.email, ctx.shop.admin.password);
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${ctx.shop.url}/api/admin/orders${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
  const page = (await (await call(`?status=all&q=${number}`)).json()) as { orders: { id: string }[] };
  const paid = await call(`/${page.orders[0]!.id}/mark-paid`, { method: 'POST', body: '{}' });
  expect(paid.status).toBe(200);
}

/** The admin navigation's links by name, the new-order badge's count left off the Orders link. */
const adminLinks = async (page: Page) =>
  (await page.getByRole('navigation', { name: 'Admin' }).getByRole('link').allTextContents()).map((t) =>
    t.trim().replace(/^Orders\s*(\d+\+?)?$/, 'Orders'),
  );

describe('fulfilment staff in the admin area', () => {
  it('a full admin grants the fulfilment role on the Permissions page', async () => {
    await openAdminPage(adminPage, ctx.shop.url, '/admin/permissions', ctx.shop.admin);
    await adminPage.getByLabel('Grant admin to (email)').fill(packer.email);
    await adminPage.getByLabel('Role').selectOption('fulfilment');
    await adminPage.getByRole('button', { name: 'Grant admin' }).click();
    const row = adminPage.getByRole('row').filter({ hasText: packer.email });
    await row.getByRole('cell', { name: 'Fulfilment', exact: true }).waitFor();
    await adminPage
      .getByRole('row')
      .filter({ hasText: ctx.shop.admin.email })
      .getByText('Full admin')
      .waitFor();
    expect(await adminLinks(adminPage)).toEqual([
      'Dashboard',
      'Home',
      'Orders',
      'Manage Products',
      'Discounts',
      'Permissions',
      'Audit log',
    ]);
  });

  it('sees only Orders, cannot mark paid or cancel, and ships a paid order', async () => {
    const number = await placeBankTransferOrder(ctx.shop.url, shopper.idToken);
    await markPaid(number);

    // The admin area's home is the product list, which fulfilment staff may not open: they land on Orders.
    await packerPage.goto(`${ctx.shop.url}/admin/`);
    await packerPage.waitForURL(`${ctx.shop.url}/login?next=%2Fadmin%2F`);
    await signInAt(packerPage, packer.email, packer.password);
    await packerPage.waitForURL(`${ctx.shop.url}/admin/orders`);
    expect(await adminLinks(packerPage)).toEqual(['Home', 'Orders']);

    await packerPage.getByLabel('Search by order number or name').fill(number);
    // The list shows where each order ships, not whose it is nor what it cost, and sorts by date only.
    const table = packerPage.getByRole('table');
    await table.getByRole('row').filter({ hasText: number }).waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Order',
      'Placed',
      'Ship to',
      'Status',
    ]);
    expect(await table.textContent()).not.toMatch(/\$\s?\d|@/);
    expect(await packerPage.getByLabel('Sort').getByRole('option').allTextContents()).toEqual([
      'Newest first',
      'Oldest first',
    ]);

    await packerPage.getByRole('link', { name: number, exact: true }).click();
    const order = packerPage.getByRole('article', { name: `Order ${number}` });
    await order.getByRole('heading', { name: `Order ${number} — Paid` }).waitFor();
    expect(await order.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    // What shipping needs, and nothing about money, the shopper's account, compliance or staff notes.
    const shown = (await order.textContent()) ?? '';
    for (const expected of ['Ada Lovelace', '12 St James Square', 'Boston, MA 02116', 'Shipping: '])
      expect(shown).toContain(expected);
    for (const hidden of [
      shopper.email,
      ctx.shop.admin.email,
      'Payment:',
      'Subtotal',
      'Total',
      'Compliance',
      'staff note',
    ])
      expect(shown).not.toContain(hidden);
    expect(shown).not.toMatch(/\$\s?\d/);

    // The packing slip works from the same view.
    await order.getByRole('link', { name: 'Packing slip' }).click();
    const slip = packerPage.getByRole('article', { name: `Packing slip ${number}` });
    await slip.waitFor();
    expect(await slip.textContent()).toContain('Ada Lovelace');
    expect(await slip.textContent()).not.toMatch(/\$\s?\d|@/);
    await packerPage.getByRole('link', { name: 'Back to the order' }).click();
    await order.getByRole('heading', { name: `Order ${number} — Paid` }).waitFor();

    await order.getByLabel('Carrier').fill('DHL');
    await order.getByLabel('Tracking number').fill('JD014600006281230704');
    await order.getByRole('button', { name: 'Mark shipped' }).click();
    await order.getByRole('heading', { name: `Order ${number} — Shipped` }).waitFor();
    expect(await order.textContent()).toContain('Tracking: DHL JD014600006281230704');
  });

  it('gets a not-allowed screen at every other admin page', async () => {
    for (const path of [
      '/admin/manage-products',
      '/admin/manage-products/new',
      '/admin/permissions',
      '/admin/discounts',
      '/admin/settings/rates',
    ]) {
      await packerPage.goto(`${ctx.shop.url}${path}`);
      await packerPage.getByRole('heading', { name: 'Not allowed' }).waitFor();
      await packerPage.getByText('Your role (Fulfilment) does not open this page.').waitFor();
      expect(await packerPage.getByRole('heading', { name: 'Manage Products' }).count()).toBe(0);
      expect(await packerPage.getByRole('heading', { name: 'Permissions' }).count()).toBe(0);
      expect(await adminLinks(packerPage)).toEqual(['Home', 'Orders']);
    }
    await packerPage.getByRole('link', { name: 'Back to orders' }).click();
    await packerPage.waitForURL(`${ctx.shop.url}/admin/orders`);
  });

  it('an order awaiting payment shows fulfilment staff no Mark paid', async () => {
    const number = await placeBankTransferOrder(ctx.shop.url, shopper.idToken);
    await packerPage.getByLabel('Show').selectOption('All orders');
    await packerPage.getByLabel('Search by order number or name').fill(number);
    await packerPage.getByRole('link', { name: number, exact: true }).click();
    const order = packerPage.getByRole('article', { name: `Order ${number}` });
    await order.getByRole('heading', { name: `Order ${number} — Awaiting payment` }).waitFor();
    expect(await order.getByRole('button', { name: 'Mark paid' }).count()).toBe(0);
    expect(await order.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
  });

  // The last full admin's refusal is tested over HTTP in an Auth project of its own (admin-admins.test.ts): here
  // the Auth emulator is shared with every other file's shop and its admin, so this one is never the last.
  it('a full admin makes themselves fulfilment staff once another full admin exists, after confirming', async () => {
    const me = ctx.shop.admin;
    const grantAs = async (email: string, role: string) => {
      await adminPage.getByLabel('Grant admin to (email)').fill(email);
      await adminPage.getByLabel('Role').selectOption(role);
      await adminPage.getByRole('button', { name: 'Grant admin' }).click();
    };
    const confirmDemotion = async () => {
      const dialog = adminPage.getByRole('dialog', { name: 'Make yourself fulfilment staff?' });
      await dialog.getByRole('button', { name: 'Make me fulfilment staff' }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await grantAs(packer.email, 'admin');
    await adminPage.getByRole('row').filter({ hasText: packer.email }).getByText('Full admin').waitFor();
    await grantAs(me.email, 'fulfilment');
    await confirmDemotion();
    // Their token is renewed at once (where Auth refuses the renewal, they sign in again): the page they
    // are on is no longer theirs, and Orders is all the navigation offers.
    const notAllowed = adminPage.getByRole('heading', { name: 'Not allowed' });
    await Promise.race([notAllowed.waitFor(), adminPage.waitForURL(/\/login\?next=/)]);
    if (new URL(adminPage.url()).pathname === '/login') await signInAt(adminPage, me.email, me.password);
    await notAllowed.waitFor();
    expect(await adminLinks(adminPage)).toEqual(['Home', 'Orders']);
    const token = await signIn(me.email, me.password);
    const products = await fetch(`${ctx.shop.url}/api/admin/products`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(products.status).toBe(403);
  });
});
