import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openAdminPage } from '../support/admin-pages.js';
import { signUp, type TestUser } from '../support/auth-users.js';
import { freshPage, shopAndBrowserForFile, signInAt } from '../support/browser-shop.js';

const ctx = shopAndBrowserForFile();
let shopper: TestUser;
let shopperPage: Page;
let adminPage: Page;

beforeAll(async () => {
  shopper = await signUp();
  [shopperPage, adminPage] = await Promise.all([freshPage(ctx.browser), freshPage(ctx.browser)]);
});

const adminRow = (email: string) => adminPage.getByRole('row').filter({ hasText: email });

describe('who may enter the admin area', () => {
  it('sends a signed-out visitor to /login, and a signed-in shopper back there too', async () => {
    await shopperPage.goto(`${ctx.shop.url}/admin/orders`);
    await shopperPage.waitForURL(`${ctx.shop.url}/login?next=%2Fadmin%2Forders`);
    await signInAt(shopperPage, shopper.email, shopper.password);
    // Signed in, but not an admin: the admin app sends them to /login again.
    await shopperPage.waitForURL(`${ctx.shop.url}/admin/orders`, { waitUntil: 'commit' });
    await shopperPage.waitForURL(`${ctx.shop.url}/login?next=%2Fadmin%2Forders`);
    expect(await shopperPage.getByRole('link', { name: 'Manage Products' }).count()).toBe(0);
    await shopperPage.goto(`${ctx.shop.url}/`);
    await shopperPage.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await shopperPage.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(0);
  });

  it('sends a signed-in shopper who opens exactly /admin to /login, as it does a signed-out visitor', async () => {
    // Another tab of the shopper's browser, signed in as they are.
    const tab = await shopperPage.context().newPage();
    await tab.goto(`${ctx.shop.url}/admin`);
    await tab.waitForURL(`${ctx.shop.url}/login?next=%2Fadmin%2F`);
    await tab
      .getByText(`The account ${shopper.email} cannot open the admin area. Sign in with an admin account.`)
      .waitFor();
    expect(await tab.getByRole('heading', { name: 'Manage Products' }).count()).toBe(0);
    await tab.close();

    const visitor = await freshPage(ctx.browser);
    await visitor.goto(`${ctx.shop.url}/admin`);
    await visitor.waitForURL(`${ctx.shop.url}/login?next=%2Fadmin%2F`);
    await visitor.context().close();
  });

  it('lets an admin grant admin to a shopper by email, who then sees the Admin Dashboard link', async () => {
    await openAdminPage(adminPage, ctx.shop.url, '/admin/permissions', ctx.shop.admin);
    await adminPage.getByText('A change reaches the user at their next token refresh').waitFor();
    await adminPage.getByLabel('Grant admin to (email)').fill('nobody@test.example');
    await adminPage.getByRole('button', { name: 'Grant admin' }).click();
    await adminPage.getByText('No account uses nobody@test.example; they must sign up first').waitFor();

    await adminPage.getByLabel('Grant admin to (email)').fill(shopper.email);
    await adminPage.getByRole('button', { name: 'Grant admin' }).click();
    await adminRow(shopper.email).waitFor();

    // The shopper's claim arrives with their next token: here, when they sign in again.
    await shopperPage.getByRole('button', { name: 'Sign out' }).click();
    await shopperPage.getByRole('link', { name: 'Sign In' }).click();
    await signInAt(shopperPage, shopper.email, shopper.password);
    await shopperPage.getByRole('link', { name: 'Admin Dashboard' }).click();
    await shopperPage.waitForURL(`${ctx.shop.url}/admin/`);
    await shopperPage.getByRole('heading', { name: 'Manage Products' }).waitFor();
  });

  it('asks before an admin removes their own access; removing it ends their admin session', async () => {
    await adminRow(ctx.shop.admin.email)
      .getByRole('button', { name: `Revoke admin from ${ctx.shop.admin.email}` })
      .click();
    const self = adminPage.getByRole('dialog', { name: 'Remove your own admin access?' });
    await self.waitFor();
    await self.getByRole('button', { name: 'Cancel' }).click();
    await self.waitFor({ state: 'detached' });

    // The new admin removes their own access: their session refreshes and leaves the admin area.
    await shopperPage.getByRole('link', { name: 'Permissions' }).click();
    await shopperPage.getByRole('button', { name: `Revoke admin from ${shopper.email}` }).click();
    const dialog = shopperPage.getByRole('dialog', { name: 'Remove your own admin access?' });
    await dialog.getByRole('button', { name: 'Remove my admin access' }).click();
    await shopperPage.waitForURL(`${ctx.shop.url}/login?next=%2Fadmin%2Fpermissions`);

    await adminPage.reload();
    await adminRow(ctx.shop.admin.email).waitFor();
    expect(await adminRow(shopper.email).count()).toBe(0);
  });
});
