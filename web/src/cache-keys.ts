/**
 * Every SWR key of the storefront, and every invalidation, named here only. Keys that hold a
 * user's data include the uid, so another user's never show from the cache.
 */
const PRODUCTS = '/products';
const ORDERS = 'orders';

export const cacheKeys = {
  config: 'config',
  /** One page of the listing, by its search string (defaults left out, fixed order). */
  cataloguePage: (search: string) => [PRODUCTS, 'page', search] as const,
  /** What the search box offers for these typed words. */
  suggestions: (q: string) => [PRODUCTS, 'suggest', q] as const,
  product: (productId: string) => [PRODUCTS, productId] as const,
  /** The cart's products, fetched one by one to check the cart (never the whole catalogue). */
  cartProducts: (productIds: readonly string[]) => [PRODUCTS, 'cart', productIds.join(',')] as const,
  categories: 'categories',
  /** A product's lots with their certificates, most recently tested first. */
  productLots: (productId: string) => [PRODUCTS, productId, 'lots'] as const,
  /** One lot looked up by its number (as typed; the server compares it case-insensitively). */
  lot: (lotNumber: string) => ['lot', lotNumber] as const,
  myOrders: (uid: string) => [ORDERS, uid] as const,
  order: (uid: string, orderId: string) => ['order', uid, orderId] as const,
  /** The server's prices for these cart lines, with the shopper's choices (address, code, rate) when given. */
  quote: (
    lines: readonly { productId: string; variantId?: string; quantity: number }[],
    choices: object = {},
  ) => ['quote', JSON.stringify(lines), JSON.stringify(choices)] as const,
  /** The countries the checkout ships to. */
  checkoutCountries: 'checkout-countries',
};

/** Matches every cached order list, for `mutate(filter)` after an order is placed. */
export const isOrderListKey = (key: unknown): boolean => Array.isArray(key) && key[0] === ORDERS;
