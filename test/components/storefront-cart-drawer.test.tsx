// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '../../shared/domain/constants.js';
import { CartButton } from '../../web/src/cart/cart-button.js';
import { CartDrawer, UNAVAILABLE_IN_CART_MESSAGE } from '../../web/src/cart/cart-drawer.js';
import { product, resetBetweenTests, Storefront, serveCatalogue, variant } from './storefront-fixtures.js';

resetBetweenTests();

const bpc = product('bpc', 'BPC-157 5mg', 39.99);
const tb = product('tb', 'TB-500 10mg', 54.5);

function saveCart(lines: { id: string; name: string; price: number; quantity: number }[]) {
  const cartList = Object.fromEntries(lines.map((l) => [l.id, { ...l, imgUrl: `/images/${l.id}.svg` }]));
  const cartQuantity = lines.reduce((n, l) => n + l.quantity, 0);
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ cartList, cartQuantity }));
}

async function openDrawer() {
  const user = userEvent.setup();
  render(
    <Storefront at="/store">
      <CartButton />
      <CartDrawer />
    </Storefront>,
  );
  await user.click(screen.getByRole('button', { name: /^Cart, / }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

describe('cart drawer', () => {
  it('lists lines with quantity x price and 2-decimal totals, and changes quantities', async () => {
    serveCatalogue(() => [bpc, tb]);
    saveCart([
      { id: 'bpc', name: bpc.name, price: 39.99, quantity: 2 },
      { id: 'tb', name: tb.name, price: 54.5, quantity: 1 },
    ]);
    const { user, dialog } = await openDrawer();
    const drawer = within(dialog);
    expect(drawer.getByText('Shopping Cart')).toBeTruthy();
    expect(drawer.getByText('3 item(s) in your cart')).toBeTruthy();
    expect(drawer.getByText('2 x $39.99')).toBeTruthy();
    expect(drawer.getByText('1 x $54.50')).toBeTruthy();
    expect(drawer.getAllByTestId('cart-line-total').map((e) => e.textContent)).toEqual(['$79.98', '$54.50']);
    expect(drawer.getByText('Total:')).toBeTruthy();
    expect(drawer.getByTestId('cart-total').textContent).toBe('$134.48');
    expect(drawer.getByRole('link', { name: bpc.name }).getAttribute('href')).toBe('/products/bpc');
    // The image opens the product page too.
    expect(dialog.querySelectorAll('a[href="/products/bpc"] img')).toHaveLength(1);

    // Quantity 1 offers remove instead of minus.
    expect(drawer.queryByRole('button', { name: `Decrease quantity of ${tb.name}` })).toBeNull();
    await user.click(drawer.getByRole('button', { name: `Increase quantity of ${tb.name}` }));
    expect(drawer.getByText('2 x $54.50')).toBeTruthy();
    await user.click(drawer.getByRole('button', { name: `Decrease quantity of ${tb.name}` }));
    await user.click(drawer.getByRole('button', { name: `Remove ${tb.name}` }));
    expect(drawer.queryByText(tb.name)).toBeNull();
    expect(drawer.getByText('2 item(s) in your cart')).toBeTruthy();
    expect(drawer.getByTestId('cart-total').textContent).toBe('$79.98');
    expect(screen.getByTestId('cart-count').textContent).toBe('2');
  });

  it('prices a line at its quantity tier once the quantity reaches it, as the catalogue gives the tiers', async () => {
    const tiers = [{ minQuantity: 10, percentOff: 10 }];
    const tiered = product('ret', 'Retatrutide 5mg', 39.99, {
      variants: [variant('ret', {}, 39.99, { priceTiers: tiers })],
    });
    serveCatalogue(() => [tiered]);
    // Saved before the size had tiers: the catalogue's are taken.
    saveCart([{ id: 'ret', name: tiered.name, price: 39.99, quantity: 9 }]);
    const { user, dialog } = await openDrawer();
    const drawer = within(dialog);
    expect(drawer.getByTestId('cart-line-unit').textContent).toBe('9 x $39.99');
    expect(drawer.getByTestId('cart-total').textContent).toBe('$359.91');
    await user.click(drawer.getByRole('button', { name: `Increase quantity of ${tiered.name}` }));
    // $39.99 − 10% ($3.999 rounds half up to $4.00) = $35.99 a unit.
    await waitFor(() =>
      expect(drawer.getByTestId('cart-line-unit').textContent).toBe(
        '10 x $35.99 was $39.99 (10+ price, 10% off)',
      ),
    );
    expect(drawer.getByTestId('cart-line-total').textContent).toBe('$359.90');
    expect(drawer.getByTestId('cart-total').textContent).toBe('$359.90');
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).cartList.ret.priceTiers).toEqual(tiers);
  });

  it('shows the empty state', async () => {
    serveCatalogue(() => [bpc]);
    const { dialog } = await openDrawer();
    expect(within(dialog).getByText('Your cart is empty')).toBeTruthy();
    expect(within(dialog).getByText('Add some items to your cart to see them here')).toBeTruthy();
    expect(within(dialog).queryByText(/item\(s\) in your cart/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Proceed to Checkout' })).toBeNull();
  });

  it('proceeds to /identify and closes', async () => {
    serveCatalogue(() => [bpc]);
    saveCart([{ id: 'bpc', name: bpc.name, price: 39.99, quantity: 1 }]);
    const { user, dialog } = await openDrawer();
    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Checkout' }));
    expect(screen.getByTestId('location').textContent).toBe('/identify');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('explains why checkout cannot start while a product in the cart is no longer available', async () => {
    serveCatalogue(() => [bpc]);
    saveCart([
      { id: 'bpc', name: bpc.name, price: 39.99, quantity: 1 },
      { id: 'tb', name: tb.name, price: 54.5, quantity: 1 },
    ]);
    const { user, dialog } = await openDrawer();
    const drawer = within(dialog);
    expect((await drawer.findByRole('alert')).textContent).toBe(UNAVAILABLE_IN_CART_MESSAGE);
    expect(drawer.getByText('No longer available')).toBeTruthy();
    await user.click(drawer.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(screen.getByTestId('location').textContent).toBe('/store');

    await user.click(drawer.getByRole('button', { name: `Remove ${tb.name}` }));
    expect(drawer.queryByRole('alert')).toBeNull();
  });

  it('closes on Escape', async () => {
    serveCatalogue(() => [bpc]);
    const { user } = await openDrawer();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes when swiped right on a touch screen, but not when the list is scrolled', async () => {
    serveCatalogue(() => [bpc]);
    saveCart([{ id: 'bpc', name: bpc.name, price: 39.99, quantity: 1 }]);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 400, 800));
    const { dialog } = await openDrawer();
    const panel = within(dialog).getByText('Shopping Cart');
    const at = (x: number, y: number) => [
      new Touch({ identifier: 1, target: panel, clientX: x, clientY: y }),
    ];
    const touch = (x: number, y: number) => ({ touches: at(x, y), changedTouches: at(x, y) });
    const release = (x: number, y: number) => ({ touches: [], changedTouches: at(x, y) });

    fireEvent.touchStart(panel, touch(50, 300));
    fireEvent.touchMove(panel, touch(52, 400));
    fireEvent.touchMove(panel, touch(60, 600));
    fireEvent.touchEnd(panel, release(60, 600));
    expect(screen.getByRole('dialog')).toBeTruthy();

    fireEvent.touchStart(panel, touch(50, 300));
    fireEvent.touchMove(panel, touch(150, 302));
    fireEvent.touchMove(panel, touch(300, 305));
    fireEvent.touchEnd(panel, release(300, 305));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    vi.restoreAllMocks();
  });
});
