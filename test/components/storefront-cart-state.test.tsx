// @vitest-environment happy-dom
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { requestedLine } from '../../shared/domain/cart.js';
import { CART_STORAGE_KEY } from '../../shared/domain/constants.js';
import { type CartState, useCart } from '../../web/src/cart/cart-context.js';
import { product, resetBetweenTests, Storefront, serveCatalogue } from './storefront-fixtures.js';

resetBetweenTests();

const bpc = product('bpc', 'BPC-157 5mg', 39.99);
const tb = product('tb', 'TB-500 10mg', 54.5);

function stored(lines: Record<string, { name: string; price: number; quantity: number }>) {
  const cartList = Object.fromEntries(
    Object.entries(lines).map(([id, line]) => [id, { id, imgUrl: `/images/${id}.svg`, ...line }]),
  );
  const cartQuantity = Object.values(lines).reduce((n, l) => n + l.quantity, 0);
  return JSON.stringify({ cartList, cartQuantity });
}

const state: { cart: CartState | null } = { cart: null };

function CartProbe() {
  state.cart = useCart();
  return <p data-testid="count">{state.cart.itemCount}</p>;
}

function renderCart() {
  render(
    <Storefront>
      <CartProbe />
    </Storefront>,
  );
  return () => state.cart!;
}

describe('cart state', () => {
  it('restores the saved cart at start and saves every change in the documented shape', async () => {
    serveCatalogue(() => [bpc, tb]);
    localStorage.setItem(CART_STORAGE_KEY, stored({ bpc: { name: bpc.name, price: 39.99, quantity: 2 } }));
    const cart = renderCart();
    expect(screen.getByTestId('count').textContent).toBe('2');

    act(() => cart().add({ id: tb.id, name: tb.name, imgUrl: tb.imgUrl, price: tb.price }, 3));
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual({
      cartList: {
        bpc: { id: 'bpc', name: bpc.name, imgUrl: '/images/bpc.svg', price: 39.99, quantity: 2 },
        tb: { id: 'tb', name: tb.name, imgUrl: '/images/tb.svg', price: 54.5, quantity: 3 },
      },
      cartQuantity: 5,
    });
    expect(cart().totalCents).toBe(2 * 3999 + 3 * 5450);

    act(() => cart().setQuantity('tb', 1));
    act(() => cart().remove('bpc'));
    expect(cart().lines.map((l) => [l.id, l.quantity])).toEqual([['tb', 1]]);
    act(() => cart().clear());
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(screen.getByTestId('count').textContent).toBe('0');
  });

  it('follows changes made in another tab', async () => {
    serveCatalogue(() => [bpc, tb]);
    renderCart();
    const value = stored({ tb: { name: tb.name, price: 54.5, quantity: 4 } });
    act(() => {
      localStorage.setItem(CART_STORAGE_KEY, value);
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: value }));
    });
    expect(screen.getByTestId('count').textContent).toBe('4');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: null }));
    });
    expect(screen.getByTestId('count').textContent).toBe('0');
  });

  it('re-checks a restored cart against the catalogue: refreshes prices and flags vanished products', async () => {
    serveCatalogue(() => [product('bpc', bpc.name, 44)]);
    localStorage.setItem(
      CART_STORAGE_KEY,
      stored({
        bpc: { name: bpc.name, price: 39.99, quantity: 1 },
        tb: { name: tb.name, price: 54.5, quantity: 2 },
      }),
    );
    const cart = renderCart();
    await waitFor(() => expect(cart().checked).toBe(true));
    await waitFor(() => expect(cart().lines.find((l) => l.id === 'bpc')?.price).toBe(44));
    expect([...cart().unavailableIds]).toEqual(['tb']);
    expect([...cart().repricedIds]).toEqual(['bpc']);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).cartList.bpc.price).toBe(44);

    act(() => cart().remove('tb'));
    expect(cart().unavailableIds.size).toBe(0);
  });

  it('does not fetch the catalogue for an empty cart', () => {
    const requests = serveCatalogue(() => [bpc]);
    renderCart();
    expect(requests).toEqual([]);
  });
});

describe('a cart saved before sizes existed', () => {
  it('loads as its products’ only sizes and is sent to checkout as those', async () => {
    serveCatalogue(() => [bpc]);
    // Exactly what the shop wrote before variants: keyed by product id, no productId or variantId.
    localStorage.setItem(
      CART_STORAGE_KEY,
      '{"cartList":{"bpc":{"id":"bpc","name":"BPC-157 5mg","imgUrl":"/images/bpc.svg","price":39.99,"quantity":2}},"cartQuantity":2}',
    );
    const cart = renderCart();
    expect(screen.getByTestId('count').textContent).toBe('2');
    await waitFor(() => expect(cart().checked).toBe(true));
    expect(cart().unavailableIds.size).toBe(0);
    expect(cart().lines.map(requestedLine)).toEqual([{ productId: 'bpc', quantity: 2 }]);
    // Adding the same product from its page now adds to that line: its only variant kept the product's id.
    act(() =>
      cart().add({
        id: 'bpc',
        productId: 'bpc',
        variantId: 'bpc',
        options: {},
        name: bpc.name,
        imgUrl: '',
        price: 39.99,
      }),
    );
    expect(cart().lines.map((l) => [l.id, l.quantity])).toEqual([['bpc', 3]]);
  });
});
