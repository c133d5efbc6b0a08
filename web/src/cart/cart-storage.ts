import { type Cart, emptyCart, parseStoredCart } from '../../../shared/domain/cart.js';
import { CART_STORAGE_KEY } from '../../../shared/domain/constants.js';

/** Reads the saved cart; private browsing or a blocked storage behaves as an empty cart. */
export function loadCart(): Cart {
  try {
    return parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    return emptyCart();
  }
}

export function saveCart(cart: Cart): void {
  try {
    if (cart.cartQuantity === 0) window.localStorage.removeItem(CART_STORAGE_KEY);
    else window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  } catch (error) {
    console.error('The cart could not be saved:', error);
  }
}

/** Calls back with the cart whenever another tab changes it. */
export function onCartChangedElsewhere(listener: (cart: Cart) => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) listener(parseStoredCart(event.newValue));
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
