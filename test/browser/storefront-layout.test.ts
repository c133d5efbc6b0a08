import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COMPANY_NAME, STORE_ADDRESS, SUPPORT_EMAIL } from '../../shared/domain/constants.js';
import { shopAndBrowserForFile } from '../support/browser-shop.js';

const ctx = shopAndBrowserForFile();

async function pageSized(width: number, height = 800): Promise<Page> {
  const context = await ctx.browser.newContext({ viewport: { width, height } });
  return context.newPage();
}

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Shopping Cart' });

/** The drawer's panel once it has slid fully in and stopped moving: its left edge and width. */
async function openedPanel(page: Page) {
  const panel = page.getByTestId('cart-panel');
  const viewport = page.viewportSize()!;
  const settled = async () => {
    // Transitions still running on the panel or its dialog mean the box is mid-slide.
    const running = await panel.evaluate(
      (el) =>
        (el.closest('[role="dialog"]') ?? el)
          .getAnimations({ subtree: true })
          .filter((a) => a.playState === 'running').length,
    );
    const box = (await panel.boundingBox())!;
    return running === 0 ? Math.round(box.x + box.width) : -1;
  };
  await expect.poll(settled).toBe(viewport.width);
  return (await panel.boundingBox())!;
}

async function addFirstProductToCart(page: Page) {
  await page.goto(`${ctx.shop.url}/store`);
  await page.getByTestId('product-card').first().click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
}

/** Whether the focused element sits inside the open cart drawer. */
const focusInDrawer = (page: Page) =>
  page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));

describe('the storefront layout', () => {
  it('shows the footer: about us, quick links that navigate, contact details and copyright', async () => {
    const page = await pageSized(1280);
    await page.goto(`${ctx.shop.url}/store`);
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('heading', { name: 'About Us' }).waitFor();
    await footer.getByText('supplies high-purity research peptides').waitFor();
    await footer.getByText(`${STORE_ADDRESS.street}`).waitFor();
    await footer
      .getByText(`${STORE_ADDRESS.city}, ${STORE_ADDRESS.state} ${STORE_ADDRESS.postalCode}`)
      .waitFor();
    const email = footer.getByRole('link', { name: SUPPORT_EMAIL });
    expect(await email.getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
    await footer.getByRole('link', { name: '(617) 555-0142' }).waitFor();
    const year = new Date().getFullYear();
    await footer.getByText(`© ${year} ${COMPANY_NAME}. All rights reserved.`).waitFor();

    const quickLinks = footer.getByRole('navigation', { name: 'Quick links' });
    await quickLinks.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(`${ctx.shop.url}/`);
    await page.getByRole('heading', { name: 'Featured products' }).waitFor();
    await quickLinks.getByRole('link', { name: 'Store' }).click();
    await page.waitForURL(`${ctx.shop.url}/store`);
    await page.getByTestId('product-card').first().waitFor();
    await quickLinks.getByRole('link', { name: 'Terms of Service' }).click();
    await page.waitForURL(`${ctx.shop.url}/terms-of-service`);
    await page.getByRole('heading', { name: 'Terms of Service' }).waitFor();
    await page.context().close();
  });

  it('keeps the content at most 1080px wide on a wide screen', async () => {
    const page = await pageSized(1600);
    await page.goto(`${ctx.shop.url}/store`);
    await page.getByTestId('product-card').first().waitFor();
    const main = (await page.getByRole('main').boundingBox())!;
    expect(main.width).toBe(1080);
    expect(main.x).toBe((1600 - 1080) / 2);
    await page.context().close();
  });

  it('opens the cart drawer 400px wide on a desktop and across the whole screen on a phone', async () => {
    const desktop = await pageSized(1280);
    await desktop.goto(`${ctx.shop.url}/`);
    await desktop.getByRole('button', { name: 'Cart, 0 items' }).click();
    await drawer(desktop).getByText('Your cart is empty').waitFor();
    expect((await openedPanel(desktop)).width).toBe(400);
    await desktop.context().close();

    const phone = await pageSized(375);
    await phone.goto(`${ctx.shop.url}/`);
    await phone.getByRole('button', { name: 'Cart, 0 items' }).click();
    await drawer(phone).getByText('Your cart is empty').waitFor();
    const panel = await openedPanel(phone);
    expect(panel.x).toBe(0);
    expect(panel.width).toBe(375);
    await phone.context().close();
  });

  it('keeps focus inside the open drawer with Tab and Shift+Tab; Escape returns it to the cart button', async () => {
    const page = await pageSized(1280);
    await addFirstProductToCart(page);
    const cartButton = page.getByRole('button', { name: 'Cart, 1 item' });
    await cartButton.click();
    await drawer(page).getByText('1 item(s) in your cart').waitFor();
    await openedPanel(page);
    const focusable = await drawer(page).locator(':is(a[href], button):not([tabindex="-1"])').count();
    expect(focusable).toBeGreaterThan(3);

    const visited = new Set<string>();
    for (let i = 0; i < focusable * 2 + 1; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInDrawer(page)).toBe(true);
      visited.add(await page.evaluate(() => document.activeElement?.outerHTML ?? ''));
    }
    // Tab went round every control of the drawer, not just one or two.
    expect(visited.size).toBe(focusable);
    for (let i = 0; i < focusable * 2 + 1; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInDrawer(page)).toBe(true);
    }

    await page.keyboard.press('Escape');
    await drawer(page).waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Cart, 1 item');
    await page.context().close();
  });

  it('serves the home page at /home as at /', async () => {
    const page = await pageSized(1280);
    await page.goto(`${ctx.shop.url}/home`);
    await page.getByRole('heading', { name: 'Featured products' }).waitFor();
    await page.getByText('For research use only').first().waitFor();
    await page.getByTestId('product-card').first().waitFor();
    expect(await page.getByTestId('product-card').count()).toBe(3);
    expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0);
    await page.context().close();
  });

  it('shows toasts at the bottom centre of the screen', async () => {
    const page = await pageSized(1280);
    await addFirstProductToCart(page);
    const message = page.getByRole('status').filter({ hasText: /^Added 1 × .+ to your cart$/ });
    await message.waitFor();
    // The toast is the bar around the message (icon and text).
    const toast = message.locator('..');
    // Once it has slid in: centred across the screen, 16px above its bottom edge.
    await expect
      .poll(async () => {
        const box = (await toast.boundingBox())!;
        return { centre: Math.round(box.x + box.width / 2), bottom: Math.round(box.y + box.height) };
      })
      .toEqual({ centre: 1280 / 2, bottom: 800 - 16 });
    await page.context().close();
  });
});
