import type { Cents } from './money.js';
import { lineTotalCents } from './money.js';

export interface CartLine {
  id: string;
  name: string;
  imgUrl: string;
  price: number;
  quantity: number;
}

export type CartList = Record<string, CartLine>;

export interface Cart {
  cartList: CartList;
  cartQuantity: number;
}

export const emptyCart = (): Cart => ({ cartList: {}, cartQuantity: 0 });

export function countQuantity(list: CartList): number {
  return Object.values(list).reduce((sum, line) => sum + line.quantity, 0);
}

/** Replaces the whole list. */
export function setCart(list: CartList): Cart {
  return { cartList: { ...list }, cartQuantity: countQuantity(list) };
}

/** Merges the given lines into the cart, replacing lines with the same id. */
export function updateCart(cart: Cart, lines: CartList): Cart {
  return setCart({ ...cart.cartList, ...lines });
}

/** Adds a product, or raises the quantity of its line. */
export function addToCart(cart: Cart, item: Omit<CartLine, 'quantity'>, quantity = 1): Cart {
  const existing = cart.cartList[item.id];
  const line: CartLine = { ...item, quantity: (existing?.quantity ?? 0) + quantity };
  return updateCart(cart, { [item.id]: line });
}

/** Replaces the line's quantity; a quantity below 1 is refused (removing is its own action). */
export function changeQuantity(cart: Cart, id: string, quantity: number): Cart {
  const line = cart.cartList[id];
  if (!line || !Number.isInteger(quantity) || quantity < 1) return cart;
  return updateCart(cart, { [id]: { ...line, quantity } });
}

export function removeFromCart(cart: Cart, id: string): Cart {
  if (!(id in cart.cartList)) return cart;
  const { [id]: _removed, ...rest } = cart.cartList;
  return setCart(rest);
}

export const clearCart = emptyCart;

export function cartTotalCents(cart: Cart): Cents {
  return Object.values(cart.cartList).reduce(
    (sum, line) => sum + lineTotalCents(line.price, line.quantity),
    0,
  );
}

function readStoredLine(id: string, value: unknown): CartLine | null {
  if (!value || typeof value !== 'object') return null;
  const { name, imgUrl, price, quantity } = value as Record<string, unknown>;
  if (typeof name !== 'string' || typeof price !== 'number' || !Number.isFinite(price) || price < 0)
    return null;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) return null;
  return { id, name, imgUrl: typeof imgUrl === 'string' ? imgUrl : '', price, quantity };
}

/**
 * Reads a cart from its stored JSON. Damaged lines are dropped and the quantity recomputed,
 * so a corrupt or hand-edited storage entry can never break the shop.
 * (Plain checks rather than zod: this runs in the storefront's first-load bundle.)
 */
export function parseStoredCart(raw: string | null): Cart {
  if (!raw) return emptyCart();
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return emptyCart();
  }
  const list = (data as { cartList?: unknown } | null)?.cartList;
  if (!list || typeof list !== 'object') return emptyCart();
  const lines: CartList = {};
  for (const [id, value] of Object.entries(list)) {
    const line = readStoredLine(id, value);
    if (line) lines[id] = line;
  }
  return setCart(lines);
}
