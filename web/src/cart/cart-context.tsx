import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import {
  addToCart,
  type Cart,
  type CartLine,
  cartTotalCents,
  changeQuantity,
  clampLineQuantity,
  emptyCart,
  lineProductId,
  recheckCart,
  removeFromCart,
} from '../../../shared/domain/cart.js';
import type { Cents } from '../../../shared/domain/money.js';
import { loadCart, onCartChangedElsewhere, saveCart } from './cart-storage.js';
import { useCartProducts } from './use-cart-products.js';

/** The id of the "Added … to your cart" toast, which the opened drawer takes away (it would cover the checkout button). */
export const ADDED_TO_CART_TOAST = 'added-to-cart';

export interface CartState {
  lines: CartLine[];
  itemCount: number;
  totalCents: Cents;
  add(item: Omit<CartLine, 'quantity'>, quantity?: number): void;
  setQuantity(id: string, quantity: number): void;
  remove(id: string): void;
  clear(): void;
  /** Lines whose product was deleted or made unavailable since it was added. */
  unavailableIds: ReadonlySet<string>;
  /** Lines whose price was refreshed from the catalogue. */
  repricedIds: ReadonlySet<string>;
  /** True once the cart has been checked against the current catalogue. */
  checked: boolean;
  drawerOpen: boolean;
  openDrawer(): void;
  closeDrawer(): void;
}

const CartContext = createContext<CartState | null>(null);
const noIds: ReadonlySet<string> = new Set();

/**
 * `deferLoad`: the page was rendered by the server, which knows no cart; the saved cart is read once the
 * page has hydrated, so the first render matches the server's.
 */
export function CartProvider({ children, deferLoad = false }: { children: ReactNode; deferLoad?: boolean }) {
  const [cart, setCartState] = useState<Cart>(deferLoad ? emptyCart : loadCart);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [flags, setFlags] = useState({ unavailableIds: noIds, repricedIds: noIds, checked: false });
  // Only the cart's own products are fetched, and only when there is something to check.
  const { data: catalogue } = useCartProducts(Object.values(cart.cartList).map(lineProductId));

  const change = useCallback((next: (current: Cart) => Cart) => {
    setCartState((current) => {
      const updated = next(current);
      if (updated !== current) saveCart(updated);
      return updated;
    });
  }, []);

  useEffect(() => {
    if (deferLoad) setCartState(loadCart());
  }, [deferLoad]);
  useEffect(() => onCartChangedElsewhere(setCartState), []);

  useEffect(() => {
    if (!catalogue) return;
    const check = recheckCart(cart, catalogue);
    setFlags((current) => ({
      unavailableIds: sameIds(current.unavailableIds, check.unavailableIds)
        ? current.unavailableIds
        : new Set(check.unavailableIds),
      repricedIds: new Set([...current.repricedIds, ...check.repricedIds]),
      checked: true,
    }));
    if (check.repricedIds.length > 0 || catalogueDetailsChanged(cart, check.cart)) change(() => check.cart);
  }, [catalogue, cart, change]);

  const value = useMemo<CartState>(() => {
    const lines = Object.values(cart.cartList);
    return {
      lines,
      itemCount: cart.cartQuantity,
      totalCents: cartTotalCents(cart),
      add: (item, quantity = 1) =>
        change((current) => {
          const had = current.cartList[item.id]?.quantity ?? 0;
          return addToCart(current, item, clampLineQuantity(had + quantity) - had);
        }),
      setQuantity: (id, quantity) =>
        change((current) => changeQuantity(current, id, clampLineQuantity(quantity))),
      remove: (id) => change((current) => removeFromCart(current, id)),
      clear: () => change(() => emptyCart()),
      unavailableIds: filterIds(flags.unavailableIds, cart),
      repricedIds: filterIds(flags.repricedIds, cart),
      checked: flags.checked,
      drawerOpen,
      openDrawer: () => setDrawerOpen(true),
      closeDrawer: () => setDrawerOpen(false),
    };
  }, [cart, change, flags, drawerOpen]);

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartState {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used inside <CartProvider>');
  return value;
}

function sameIds(a: ReadonlySet<string>, b: readonly string[]): boolean {
  return a.size === b.length && b.every((id) => a.has(id));
}

function filterIds(ids: ReadonlySet<string>, cart: Cart): ReadonlySet<string> {
  if (ids.size === 0) return ids;
  return new Set([...ids].filter((id) => id in cart.cartList));
}

/** A name, image or price tier the catalogue changed since the line was added. */
function catalogueDetailsChanged(before: Cart, after: Cart): boolean {
  return Object.values(after.cartList).some((line) => {
    const old = before.cartList[line.id];
    return (
      old?.name !== line.name ||
      old.imgUrl !== line.imgUrl ||
      JSON.stringify(old.priceTiers ?? []) !== JSON.stringify(line.priceTiers ?? [])
    );
  });
}
