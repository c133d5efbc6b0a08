import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../shared/domain/audit.js';
import type { Product } from '../../shared/domain/product.js';
import { openAdminPage } from '../support/admin-pages.js';
import { shopAndBrowserForFile } from '../support/browser-shop.js';
import { printedJson, shopProcess } from '../support/cli.js';
import { at, listedProducts } from '../support/listed-products.js';

const ctx = shopAndBrowserForFile();
let page: Page;
const NAMES = ['Bulk Alpha', 'Bulk Beta', 'Bulk Gamma'];

const shop = async (...args: string[]) => {
  const result = await shopProcess(['--data', ctx.shop.dataDir, ...args]);
  expect(result.exitCode, result.stderr).toBe(0);
  return result;
};
const rows = () => page.getByTestId('admin-product-row');
const toolbar = () => page.getByRole('toolbar', { name: 'Bulk actions' });
const available = (name: string) => page.getByLabel(`${name} available`);

beforeAll(async () => {
  page = await ctx.browser.newPage();
  for (const name of NAMES) await shop('products', 'add', name, '--price', '19', '--category', 'Bulk Test');
  await openAdminPage(page, ctx.shop.url, '/admin/manage-products', ctx.shop.admin);
  await page.getByLabel('Search', { exact: true }).fill('bulk');
});

describe('bulk actions on the admin product list', () => {
  it('makes every selected product unavailable in one go, and the storefront drops them', async () => {
    await expect.poll(() => rows().count()).toBe(3);
    await page.getByLabel('Select all on this page').check();
    await toolbar().getByText('3 products selected').waitFor();
    await toolbar().getByRole('button', { name: 'Make unavailable' }).click();
    await page.getByText('Changed availability of 3 products').waitFor();
    for (const name of NAMES) await expect.poll(() => available(name).isChecked()).toBe(false);
    const listed = await listedProducts(at(ctx.shop.url));
    expect(listed.filter((p) => NAMES.includes(p.name))).toEqual([]);
    // done products leave the selection
    expect(await toolbar().count()).toBe(0);
  });

  it('sets the category of the products picked one by one', async () => {
    await page.getByLabel('Select Bulk Alpha').check();
    await page.getByLabel('Select Bulk Beta').check();
    await toolbar().getByLabel('New category').fill('Bulk Renamed');
    await toolbar().getByRole('button', { name: 'Set category' }).click();
    await page.getByText('Set the category of 2 products').waitFor();
    await expect
      .poll(
        async () => (await rows().allTextContents()).filter((text) => text.includes('Bulk Renamed')).length,
      )
      .toBe(2);
    expect(await rows().filter({ hasText: 'Bulk Gamma' }).textContent()).toContain('Bulk Test');
  });

  it('deletes after confirming, and names a product that could not be deleted', async () => {
    await page.getByLabel('Select all on this page').check();
    // another member of staff deletes one meanwhile
    await shop('products', 'delete', 'Bulk Gamma', '--yes');
    await toolbar().getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 3 products?' });
    expect(await dialog.textContent()).toContain('“Bulk Alpha”');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted 2 products').waitFor();
    const notChanged = toolbar().getByRole('list', { name: 'Not changed' });
    expect(await notChanged.textContent()).toBe('“Bulk Gamma”: Product not found');
    await toolbar().getByText('1 product selected').waitFor();
    await expect.poll(() => rows().count()).toBe(0);
  });

  it('wrote one audit entry per product changed, as the admin', async () => {
    const { entries } = printedJson<AuditPage>(
      await shop('--json', 'audit', 'list', '--entity', 'product', '--actor', ctx.shop.admin.email),
    );
    const byAction = (action: string) =>
      entries
        .filter((e) => e.action === action)
        .map((e) => (e.before.name ?? e.after.name ?? e.entityId) as string);
    expect(entries.filter((e) => 'available' in e.after)).toHaveLength(3);
    expect(entries.filter((e) => e.after.category === 'Bulk Renamed')).toHaveLength(2);
    expect(byAction('deleted').sort()).toEqual(['Bulk Alpha', 'Bulk Beta']);
    const ids = (await listedProducts(at(ctx.shop.url))).map((p: Product) => p.id);
    expect(entries.some((e) => ids.includes(e.entityId))).toBe(false);
  });
});
