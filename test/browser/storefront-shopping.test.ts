import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, signUp } from '../support/auth-users.js';
import { shopAndBrowserForFile } from '../support/browser-shop.js';

const ctx = shopAndBrowserForFile();

const cards = (page: Page) => page.getByTestId('product-card');
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Shopping Cart' });

describe('shopping in the storefront', () => {
  it('browses, filters, pages, fills the cart, and keeps it across a reload', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.shop.url}/`);
    await page.getByRole('heading', { name: 'Featured products' }).waitFor();
    await page.getByText('For research use only').first().waitFor();
    await cards(page).first().waitFor();
    expect(await cards(page).count()).toBe(3);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Store' }).click();
    await page.waitForURL(`${ctx.shop.url}/store`);
    await page.getByText('Page 1 of 3').waitFor();
    expect(await cards(page).count()).toBe(6);

    // Nine sample products cost between $30 and $50, both ends included.
    await page.getByLabel('Minimum price').fill('30');
    await page.getByLabel('Maximum price').fill('50');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/\/store\?min=30&max=50$/);
    await page.getByText('Showing 1–6 of 9 products').waitFor();

    await page.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(/\/store\?min=30&max=50&page=2$/);
    await page.getByText('Page 2 of 2').waitFor();
    expect(await cards(page).count()).toBe(3);

    await page.reload();
    await page.getByText('Showing 7–9 of 9 products').waitFor();
    expect(await page.getByLabel('Minimum price').inputValue()).toBe('30');
    expect(await page.getByLabel('Maximum price').inputValue()).toBe('50');

    const card = cards(page).first();
    const name = (await card.getByRole('heading').textContent())!;
    // A card shows "from $X" when the product's sizes cost differently: X is its lowest price.
    const lowest = Number(/\$([\d.]+)/.exec((await card.locator('p').textContent())!)![1]);
    expect(lowest).toBeGreaterThanOrEqual(30);
    expect(lowest).toBeLessThanOrEqual(50);
    await card.click();
    await page.waitForURL(/\/products\//);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByText('For research use only.', { exact: true }).waitFor();
    // The page opens on a size that can be bought; its cart line is named by that size.
    const pressed = page.getByRole('button', { pressed: true });
    const title = (await pressed.count()) > 0 ? `${name} — ${await pressed.first().textContent()}` : name;
    const priceText = /^\$[\d.]+/.exec((await page.getByTestId('variant-price').textContent())!)![0];
    const price = Number(priceText.slice(1));

    await page.getByLabel('Quantity').fill('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText(`Added 2 × ${title} to your cart`).waitFor();
    await page.getByRole('button', { name: 'Cart, 2 items' }).click();

    const cart = drawer(page);
    await cart.getByText('2 item(s) in your cart').waitFor();
    await cart.getByText(`2 x ${priceText}`).waitFor();
    const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    const cents = Math.round(price * 100);
    expect(await cart.getByTestId('cart-line-total').textContent()).toBe(money(2 * cents));
    expect(await cart.getByTestId('cart-total').textContent()).toBe(money(2 * cents));
    // Focus is trapped in the open drawer.
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);

    await cart.getByRole('button', { name: `Increase quantity of ${title}` }).click();
    await cart.getByText('3 item(s) in your cart').waitFor();
    expect(await cart.getByTestId('cart-total').textContent()).toBe(money(3 * cents));
    await cart.getByRole('button', { name: `Decrease quantity of ${title}` }).click();
    await cart.getByRole('button', { name: `Decrease quantity of ${title}` }).click();
    await cart.getByText('1 item(s) in your cart').waitFor();
    // At quantity 1 the minus button becomes a remove button.
    expect(await cart.getByRole('button', { name: `Decrease quantity of ${title}` }).count()).toBe(0);
    await cart.getByRole('button', { name: `Remove ${title}` }).waitFor();

    await page.keyboard.press('Escape');
    await cart.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    await drawer(page).getByText('1 item(s) in your cart').waitFor();
    await drawer(page)
      .getByRole('button', { name: `Remove ${title}` })
      .click();
    await drawer(page).getByText('Your cart is empty').waitFor();
    await drawer(page).getByText('Add some items to your cart to see them here').waitFor();
    await page.getByRole('button', { name: 'Close cart' }).click();
    await page.getByRole('button', { name: 'Cart, 0 items' }).waitFor();
    await page.close();
  });

  it('keeps the cart in step across open tabs', async () => {
    const context = await ctx.browser.newContext();
    const [first, second] = [await context.newPage(), await context.newPage()];
    await second.goto(`${ctx.shop.url}/store`);
    await second.getByRole('button', { name: 'Cart, 0 items' }).waitFor();
    await first.goto(`${ctx.shop.url}/store`);
    await cards(first).first().click();
    await first.getByLabel('Quantity').fill('3');
    await first.getByRole('button', { name: 'Add to cart' }).click();
    await second.getByRole('button', { name: 'Cart, 3 items' }).waitFor();
    await context.close();
  });

  it('starts checkout from the drawer at /identify', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.shop.url}/store`);
    await cards(page).first().click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    await drawer(page).getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(`${ctx.shop.url}/identify`);
    await page.close();
  });

  it('shows a not-found state for unknown products and paths', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.shop.url}/products/no-such-product`);
    await page.getByRole('heading', { name: 'Product not found' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.goto(`${ctx.shop.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.close();
  });

  it('shows Sign In, Sign out and the Admin Dashboard link as the user changes', async () => {
    const shopper = await signUp();
    const page = await ctx.browser.newPage();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const signInAs = async (email: string, password: string) => {
      await nav.getByRole('link', { name: 'Sign In' }).click();
      await page.waitForURL(/\/login\?next=%2Fstore/);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${ctx.shop.url}/store`);
      await nav.getByRole('button', { name: 'Sign out' }).waitFor();
    };

    await page.goto(`${ctx.shop.url}/store`);
    await nav.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(0);

    await signInAs(shopper.email, shopper.password);
    expect(await nav.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(0);
    await nav.getByRole('button', { name: 'Sign out' }).click();
    await nav.getByRole('link', { name: 'Sign In' }).waitFor();

    await signInAs(ctx.shop.admin.email, ctx.shop.admin.password);
    const adminLink = nav.getByRole('link', { name: 'Admin Dashboard' });
    await adminLink.waitFor();
    expect(await adminLink.getAttribute('href')).toBe('/admin/');
    await nav.getByRole('button', { name: 'Sign out' }).click();
    await adminLink.waitFor({ state: 'detached' });
    await page.close();
  });

  it('flags a cart product that was withdrawn and keeps checkout from starting until it is removed', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.shop.url}/store`);
    const name = (await cards(page).first().getByRole('heading').textContent())!;
    await cards(page).first().click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const productId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

    const token = await signIn(ctx.shop.admin.email, ctx.shop.admin.password);
    const setAvailable = async (available: boolean) => {
      const response = await fetch(`${ctx.shop.url}/api/admin/products/${productId}/availability`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ available }),
      });
      expect(response.status).toBe(200);
    };
    await setAvailable(false);
    try {
      await page.goto(`${ctx.shop.url}/`);
      await page.getByRole('button', { name: 'Cart, 1 item' }).click();
      const cart = drawer(page);
      await cart.getByText('No longer available', { exact: true }).waitFor();
      await cart.getByRole('alert').getByText('no longer available').waitFor();
      const proceed = cart.getByRole('button', { name: 'Proceed to Checkout' });
      expect(await proceed.isDisabled()).toBe(true);
      await proceed.click({ force: true });
      expect(new URL(page.url()).pathname).toBe('/');
      await cart.getByRole('button', { name: `Remove ${name}` }).click();
      await cart.getByText('Your cart is empty').waitFor();
    } finally {
      await setAvailable(true);
      await page.close();
    }
  });
});
