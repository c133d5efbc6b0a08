import type { z } from 'zod';
import type { cartLineSchema, cartSchema } from './cart-schema.js';
import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from './constants.js';
import type { Cents } from './money.js';
import { lineCents, toCents } from './money.js';
import { type PriceTier, tierUnitCents } from './price-tiers.js';
import { resolveVariant, type Variant } from './variant.js';

// Type-only imports: the schemas stay out of the storefront's first-load bundle, where
// readStoredLine applies the same rules (a unit test holds the two to the same verdicts).
export type CartLine = z.output<typeof cartLineSchema>;
/** @internal */
export type CartList = Record<string, CartLine>;
export type Cart = z.output<typeof cartSchema>;

export const emptyCart = (): Cart => ({ cartList: {}, cartQuantity: 0 });

function countQuantity(list: CartList): number {
  return Object.values(list).reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * Replaces the whole list.
 * @internal
 */
export function setCart(list: CartList): Cart {
  return { cartList: { ...list }, cartQuantity: countQuantity(list) };
}

/**
 * Merges the given lines into the cart, replacing lines with the same id.
 * @internal
 */
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

/** One unit of the line at its quantity: the size's price, lowered by the tier the quantity reaches. */
export function cartLineUnitCents(line: Pick<CartLine, 'price' | 'priceTiers' | 'quantity'>): Cents {
  return tierUnitCents(toCents(line.price), line.priceTiers, line.quantity);
}

export function cartLineTotalCents(line: Pick<CartLine, 'price' | 'priceTiers' | 'quantity'>): Cents {
  return lineCents(cartLineUnitCents(line), line.quantity);
}

/** What the cart's lines come to before checkout (the server's quote is what is charged). */
export function cartTotalCents(cart: Cart): Cents {
  return Object.values(cart.cartList).reduce((sum, line) => sum + cartLineTotalCents(line), 0);
}

const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

function readOptions(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.every(([, v]) => typeof v === 'string') ? (value as Record<string, string>) : {};
}

const isTier = (value: unknown): value is PriceTier => {
  const { minQuantity, percentOff } = (value ?? {}) as Record<string, unknown>;
  return (
    typeof minQuantity === 'number' &&
    Number.isInteger(minQuantity) &&
    minQuantity >= 1 &&
    typeof percentOff === 'number' &&
    percentOff > 0 &&
    percentOff < 100
  );
};

function readTiers(value: unknown): PriceTier[] | undefined {
  if (!Array.isArray(value) || !value.every(isTier)) return undefined;
  return value.map(({ minQuantity, percentOff }) => ({ minQuantity, percentOff }));
}

/** @internal */
export function readStoredLine(id: string, value: unknown): CartLine | null {
  if (!value || typeof value !== 'object') return null;
  const { name, imgUrl, price, quantity, productId, variantId, options, priceTiers } = value as Record<
    string,
    unknown
  >;
  if (typeof name !== 'string' || typeof price !== 'number' || !Number.isFinite(price) || price < 0)
    return null;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) return null;
  const line: CartLine = { id, name, imgUrl: typeof imgUrl === 'string' ? imgUrl : '', price, quantity };
  if (isId(productId)) line.productId = productId;
  if (isId(variantId)) line.variantId = variantId;
  const readOptionsValue = readOptions(options);
  if (readOptionsValue) line.options = readOptionsValue;
  const tiers = readTiers(priceTiers);
  if (tiers) line.priceTiers = tiers;
  return line;
}

/** The product a line is of: saved before variants, its key was the product id. */
export function lineProductId(line: Pick<CartLine, 'id' | 'productId'>): string {
  return line.productId ?? line.id;
}

/** What checkout is sent for a line: the variant when the line names one. */
export function requestedLine(line: CartLine): { productId: string; variantId?: string; quantity: number } {
  const productId = lineProductId(line);
  return line.variantId
    ? { productId, variantId: line.variantId, quantity: line.quantity }
    : { productId, quantity: line.quantity };
}

/**
 * Reads a cart from its stored JSON. Damaged lines are dropped and the quantity recomputed,
 * so a corrupt or hand-edited storage entry can never break the shop.
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

/** Keeps a line quantity within what one order line may hold. */
export function clampLineQuantity(quantity: number, max = MAX_LINE_QUANTITY): number {
  if (!Number.isFinite(quantity)) return MIN_LINE_QUANTITY;
  return Math.min(Math.max(Math.floor(quantity), MIN_LINE_QUANTITY), Math.max(MIN_LINE_QUANTITY, max));
}

export interface CatalogueEntry {
  id: string;
  name: string;
  imgUrl: string;
  price: number;
  available?: boolean;
  variants: readonly (Pick<Variant, 'id' | 'options' | 'price' | 'available' | 'stock'> &
    Partial<Pick<Variant, 'imgUrl' | 'priceTiers'>>)[];
}

export interface CartRecheck {
  /** The cart with names, images, prices and price tiers taken from the catalogue. */
  cart: Cart;
  /** Lines whose product is gone from the shoppers' catalogue (deleted or made unavailable). */
  unavailableIds: string[];
  /** Lines whose price changed since they were added. */
  repricedIds: string[];
}

/**
 * Checks a stored cart against the current catalogue (available products only). Vanished lines are
 * kept but flagged, so the shopper sees what happened instead of items silently disappearing.
 */
export function recheckCart(cart: Cart, catalogue: readonly CatalogueEntry[]): CartRecheck {
  const byId = new Map(catalogue.map((p) => [p.id, p]));
  const unavailableIds: string[] = [];
  const repricedIds: string[] = [];
  const lines: CartList = {};
  for (const line of Object.values(cart.cartList)) {
    const product = byId.get(lineProductId(line));
    // A line saved before sizes means the variant the product's old self became, whose id is the
    // product's; that holds even after sizes were added to it.
    const legacy = line.variantId === undefined && product?.variants.some((v) => v.id === product.id);
    const variant = product && resolveVariant(product, legacy ? product.id : line.variantId);
    if (!product || product.available === false || !variant?.available) {
      unavailableIds.push(line.id);
      lines[line.id] = line;
      continue;
    }
    if (toCents(variant.price) !== toCents(line.price)) repricedIds.push(line.id);
    const { priceTiers: _old, ...rest } = line;
    lines[line.id] = {
      ...rest,
      ...(variant.priceTiers?.length ? { priceTiers: variant.priceTiers } : {}),
      productId: product.id,
      variantId: variant.id,
      options: variant.options,
      name: product.name,
      imgUrl: variant.imgUrl || product.imgUrl,
      price: variant.price,
    };
  }
  return { cart: setCart(lines), unavailableIds, repricedIds };
}
