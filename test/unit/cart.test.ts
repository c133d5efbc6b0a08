import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartTotalCents,
  changeQuantity,
  clampLineQuantity,
  clearCart,
  emptyCart,
  parseStoredCart,
  recheckCart,
  removeFromCart,
  setCart,
  updateCart,
} from '../../shared/domain/cart.js';
import { CART_STORAGE_KEY, STORE_NAME } from '../../shared/domain/constants.js';

const bpc = { id: 'bpc', name: 'BPC-157', imgUrl: '/images/bpc.svg', price: 39.99 };
const tb = { id: 'tb', name: 'TB-500', imgUrl: '/images/tb.svg', price: 44.5 };

describe('cart', () => {
  it('is stored under the store name plus Cart', () => {
    expect(CART_STORAGE_KEY).toBe(`${STORE_NAME}Cart`);
  });

  it('set replaces the list and recomputes the quantity', () => {
    const cart = setCart({ bpc: { ...bpc, quantity: 2 }, tb: { ...tb, quantity: 3 } });
    expect(cart.cartQuantity).toBe(5);
    expect(setCart({}).cartQuantity).toBe(0);
  });

  it('update merges lines, replacing those with the same id', () => {
    const cart = setCart({ bpc: { ...bpc, quantity: 2 } });
    const merged = updateCart(cart, { tb: { ...tb, quantity: 1 }, bpc: { ...bpc, quantity: 4 } });
    expect(merged.cartQuantity).toBe(5);
    expect(merged.cartList.bpc?.quantity).toBe(4);
    expect(cart.cartQuantity).toBe(2);
  });

  it('add puts a new line or raises the existing one', () => {
    let cart = addToCart(emptyCart(), bpc, 2);
    cart = addToCart(cart, bpc);
    cart = addToCart(cart, tb, 1);
    expect(cart.cartList.bpc?.quantity).toBe(3);
    expect(cart.cartQuantity).toBe(4);
  });

  it('change quantity replaces the quantity; below 1 or fractional is ignored', () => {
    const cart = addToCart(emptyCart(), bpc, 2);
    expect(changeQuantity(cart, 'bpc', 5).cartQuantity).toBe(5);
    expect(changeQuantity(cart, 'bpc', 0)).toBe(cart);
    expect(changeQuantity(cart, 'bpc', 1.5)).toBe(cart);
    expect(changeQuantity(cart, 'nope', 3)).toBe(cart);
  });

  it('remove deletes the entry and recomputes', () => {
    const cart = addToCart(addToCart(emptyCart(), bpc, 2), tb, 1);
    const after = removeFromCart(cart, 'bpc');
    expect(Object.keys(after.cartList)).toEqual(['tb']);
    expect(after.cartQuantity).toBe(1);
    expect(removeFromCart(after, 'bpc')).toBe(after);
  });

  it('clear empties the list and quantity', () => {
    expect(clearCart()).toEqual({ cartList: {}, cartQuantity: 0 });
  });

  it('totals price times quantity in cents', () => {
    const cart = addToCart(addToCart(emptyCart(), bpc, 3), tb, 2);
    expect(cartTotalCents(cart)).toBe(3 * 3999 + 2 * 4450);
    expect(cartTotalCents(emptyCart())).toBe(0);
  });

  it('reads a stored cart, dropping damaged lines and recomputing the quantity', () => {
    const stored = JSON.stringify({
      cartList: {
        bpc: { ...bpc, quantity: 2 },
        bad: { id: 'bad', name: 'x', price: 'free', quantity: 1 },
        zero: { id: 'zero', name: 'z', price: 1, quantity: 0 },
      },
      cartQuantity: 999,
    });
    const cart = parseStoredCart(stored);
    expect(Object.keys(cart.cartList)).toEqual(['bpc']);
    expect(cart.cartQuantity).toBe(2);
    expect(parseStoredCart(null)).toEqual(emptyCart());
    expect(parseStoredCart('{not json')).toEqual(emptyCart());
    expect(parseStoredCart('null')).toEqual(emptyCart());
  });
});

describe('recheckCart', () => {
  const cart = setCart({ bpc: { ...bpc, quantity: 2 }, tb: { ...tb, quantity: 1 } });

  it('refreshes prices, names and images from the catalogue and flags repriced lines', () => {
    const check = recheckCart(cart, [
      { ...bpc, price: 42, name: 'BPC-157 5mg' },
      { ...tb, imgUrl: '/images/tb-new.svg' },
    ]);
    expect(check.cart.cartList.bpc).toEqual({ ...bpc, name: 'BPC-157 5mg', price: 42, quantity: 2 });
    expect(check.cart.cartList.tb?.imgUrl).toBe('/images/tb-new.svg');
    expect(check.repricedIds).toEqual(['bpc']);
    expect(check.unavailableIds).toEqual([]);
    expect(cartTotalCents(check.cart)).toBe(8400 + 4450);
  });

  it('keeps but flags lines whose product left the catalogue', () => {
    const check = recheckCart(cart, [bpc]);
    expect(check.unavailableIds).toEqual(['tb']);
    expect(check.cart.cartQuantity).toBe(3);
  });
});

describe('clampLineQuantity', () => {
  it('keeps a quantity between 1 and the line maximum', () => {
    expect(clampLineQuantity(0)).toBe(1);
    expect(clampLineQuantity(2.7)).toBe(2);
    expect(clampLineQuantity(500)).toBe(99);
    expect(clampLineQuantity(8, 5)).toBe(5);
    expect(clampLineQuantity(Number.NaN)).toBe(1);
  });
});
