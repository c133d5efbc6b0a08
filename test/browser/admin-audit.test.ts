import { userInfo } from 'node:os';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../shared/domain/product.js';
import { openAdminPage } from '../support/admin-pages.js';
import { signUp, type TestUser } from '../support/auth-users.js';
import { shopAndBrowserForFile } from '../support/browser-shop.js';
import { shopProcess } from '../support/cli.js';
import { at, listedProducts } from '../support/listed-products.js';
import { placeBankTransferOrder } from '../support/place-order.js';

const ctx = shopAndBrowserForFile();
let page: Page;
let shopper: TestUser;
let product: Product;

beforeAll(async () => {
  page = await ctx.browser.newPage();
  shopper = await signUp();
  [product] = (await listedProducts(at(ctx.shop.url))) as [Product];
});

const history = () => page.getByRole('region', { name: 'Change history' });

describe('the audit log in the admin area', () => {
  it('shows on a product’s page who changed which field, from the editor and from the CLI', async () => {
    await openAdminPage(page, ctx.shop.url, `/admin/manage-products/${product.id}`, ctx.shop.admin);
    await page.getByRole('heading', { name: `Edit “${product.name}”` }).waitFor();
    await page.getByLabel('Category').fill('Audited Research');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`${ctx.shop.url}/admin/manage-products`);

    const cli = await shopProcess([
      '--data',
      ctx.shop.dataDir,
      'products',
      'update',
      product.id,
      '--brand',
      'Audit Labs',
    ]);
    expect(cli.exitCode, cli.stderr).toBe(0);

    await page.goto(`${ctx.shop.url}/admin/manage-products/${product.id}`);
    const entries = history()
      .getByRole('listitem')
      .filter({ hasText: /^(Changed|Created|Deleted) by/ });
    await expect.poll(() => entries.count()).toBe(2);
    const [newest, older] = await entries.allTextContents();
    expect(newest).toContain(`Changed by cli:${userInfo().username}`);
    expect(newest).toMatch(/brand: .*→\s*Audit Labs/);
    expect(older).toContain(`Changed by ${ctx.shop.admin.email}`);
    expect(older).toMatch(/category: .*→\s*Audited Research/);
  });

  it('shows on an order’s page that staff marked it paid', async () => {
    const number = await placeBankTransferOrder(ctx.shop.url, shopper.idToken);
    await page.goto(`${ctx.shop.url}/admin/orders?status=all&q=${number}`);
    await page.getByRole('link', { name: number, exact: true }).click();
    const order = page.getByRole('article', { name: `Order ${number}` });
    await order.getByText('No changes by staff recorded yet.').waitFor();
    await order.getByLabel('Payment reference (optional)').fill('BANK-77');
    await order.getByRole('button', { name: 'Mark paid' }).click();
    await order.getByRole('heading', { name: `Order ${number} — Paid` }).waitFor();
    const entry = order.getByRole('region', { name: 'Change history' }).getByRole('listitem').first();
    await expect.poll(() => entry.textContent()).toContain(`Changed by ${ctx.shop.admin.email}`);
    expect(await entry.textContent()).toMatch(/status: pending_payment\s*→\s*paid/);
  });

  it('lists every change at /admin/audit, filtered by who and what, the filters kept in the URL', async () => {
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3);

    await page.getByLabel('E-mail used').fill(ctx.shop.admin.email);
    await page.getByLabel('What').selectOption('order');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('paid');
    expect(new URL(page.url()).searchParams.get('entity')).toBe('order');

    await page.reload();
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByLabel('What').selectOption('lot');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('No changes match.').waitFor();
  });

  it('filters by the person, from the Person list or the uid beside an entry, the uid kept in the URL', async () => {
    const rows = page.locator('tbody tr');
    await page.goto(`${ctx.shop.url}/admin/audit`);
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3);
    const person = page.getByLabel('Person');
    await person.selectOption({ label: `${ctx.shop.admin.email} (Full admin)` });
    const uid = await person.inputValue();
    expect(uid).not.toBe('');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('actorUid')).toBe(uid);
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    const texts = await rows.allTextContents();
    expect(texts.every((text) => text.includes(`uid ${uid}`))).toBe(true);
    expect(texts.some((text) => text.includes('cli:'))).toBe(false);

    await page.goto(`${ctx.shop.url}/admin/audit?entity=product`);
    await page
      .getByRole('link', { name: `(uid ${uid})` })
      .first()
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.get('actorUid')).toBe(uid);
    await expect.poll(() => person.inputValue()).toBe(uid);
    await expect.poll(async () => (await rows.allTextContents()).join('\n')).toContain('paid');
  });
});
