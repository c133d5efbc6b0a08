// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from '../../shared/domain/constants.js';
import { Toasts } from '../../shared/web/toasts.js';
import { CartButton } from '../../web/src/cart/cart-button.js';
import { CartDrawer } from '../../web/src/cart/cart-drawer.js';
import { ProductPage } from '../../web/src/products/product-page.js';
import { StorePage } from '../../web/src/store/store-page.js';
import { product, resetBetweenTests, Storefront, serveCatalogue } from './storefront-fixtures.js';

resetBetweenTests();

const bpc = product('bpc', 'BPC-157 5mg', 39.99, {
  description: '<p>Lyophilised <strong>powder</strong>.</p>',
  stock: 3,
});
const withdrawn = product('old', 'Withdrawn 1mg', 10, { available: false });

function renderAt(path: string) {
  render(
    <Storefront at={path}>
      <Routes>
        <Route path="/store" element={<StorePage />} />
        <Route path="/products/:productId" element={<ProductPage />} />
      </Routes>
    </Storefront>,
  );
  return userEvent.setup();
}

describe('product page', () => {
  it('shows name, price, availability and the description, and adds the chosen quantity to the cart', async () => {
    serveCatalogue(() => [bpc]);
    const user = renderAt('/products/bpc');
    expect(await screen.findByRole('heading', { name: 'BPC-157 5mg', level: 1 })).toBeTruthy();
    expect(screen.getByText('$39.99')).toBeTruthy();
    expect(screen.getByText('In stock: 3 available')).toBeTruthy();
    expect(screen.getByText('powder').tagName).toBe('STRONG');
    expect(screen.getByRole('img', { name: 'BPC-157 5mg' }).getAttribute('width')).toBe('480');

    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '2');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).cartList.bpc.quantity).toBe(2);
    expect(document.title).toBe('BPC-157 5mg · Helix Peptides');
    // Only one more is in stock.
    expect((screen.getByLabelText('Quantity') as HTMLInputElement).max).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByRole('button', { name: 'Add to cart' })).toHaveProperty('disabled', true);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).cartList.bpc.quantity).toBe(3);
  });

  it('is not found for an unknown or withdrawn product', async () => {
    serveCatalogue(() => [bpc, withdrawn]);
    renderAt('/products/old');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeTruthy();
  });

  it('offers to try again when the product cannot be loaded', async () => {
    let down = true;
    serveCatalogue(
      () => [bpc],
      () => down,
    );
    const user = renderAt('/products/bpc');
    expect((await screen.findByRole('alert')).textContent).toContain('The product could not be loaded');
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'BPC-157 5mg', level: 1 })).toBeTruthy();
  });

  it('opens at once from the listing, before its own request returns', async () => {
    const requests = serveCatalogue(() => [bpc]);
    const user = renderAt('/store');
    await user.click(await screen.findByRole('link', { name: /BPC-157 5mg/ }));
    expect(screen.getByRole('heading', { name: 'BPC-157 5mg', level: 1 })).toBeTruthy();
    expect(requests).toContain('/api/products/bpc');
  });
});

describe('adding to the cart, then opening it', () => {
  afterEach(() => act(() => toast.remove()));

  it('takes the "Added to your cart" toast away, so it does not cover "Proceed to Checkout"', async () => {
    serveCatalogue(() => [bpc]);
    const user = userEvent.setup();
    render(
      <Storefront at="/products/bpc">
        <Routes>
          <Route path="/products/:productId" element={<ProductPage />} />
        </Routes>
        <CartButton />
        <CartDrawer />
        <Toasts />
      </Storefront>,
    );
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added 1 × BPC-157 5mg to your cart')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    expect(await screen.findByRole('button', { name: 'Proceed to Checkout' })).toBeTruthy();
    expect(screen.queryByText('Added 1 × BPC-157 5mg to your cart')).toBeNull();
  });
});
