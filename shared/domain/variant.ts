import { toCents } from './money.js';
import type { PriceTier } from './price-tiers.js';

/** Zod-free on purpose: the storefront's first load uses these; the schemas are in variant-schema.ts. */

export const MAX_OPTIONS = 3;
export const MAX_VARIANTS = 100;

/** One way a product comes in, e.g. `{ name: "Size", values: ["5 mg", "10 mg"] }`. */
export interface ProductOption {
  name: string;
  values: string[];
}

/** One buyable form of a product: its own SKU, price and stock. */
export interface Variant {
  id: string;
  /** Unique across the shop (compared by skuKey); '' when the vendor gives none. */
  sku: string;
  /** Option name → value, one entry per product option; `{}` for a product without options. */
  options: Record<string, string>;
  /** Dollars with at most 2 decimals, as stored; compute in cents. */
  price: number;
  /** The "was" price shown struck through; always above price, or null. */
  compareAtPrice: number | null;
  /** Units on hand; null when stock is not tracked. */
  stock: number | null;
  available: boolean;
  /** The image shown when this variant is chosen (usually one of the product's); '' for the product's own. */
  imgUrl: string;
  /** Quantity breaks, e.g. 10+ at 10% off; absent or empty for none. */
  priceTiers?: PriceTier[];
  /** Shipping weight of one unit in grams; absent or null when not given (weighs nothing for rates). */
  weightGrams?: number | null;
  /** Ships cold-packed: the zone's cold-pack surcharge is added once to an order holding any such size. */
  coldPack?: boolean;
}

/** What SKUs are unique by: trimmed, case-folded. */
export function skuKey(sku: string): string {
  return sku.trim().normalize('NFKC').toLowerCase();
}

/** `{ Size: "10 mg" }` → `10 mg`; several options are joined with " / "; '' for none. */
export function variantTitle(variant: Pick<Variant, 'options'>): string {
  return Object.values(variant.options).join(' / ');
}

/** How a line names what was bought: "BPC-157 — 10 mg", or just the name for a product without options. */
export function lineTitle(name: string, options: Record<string, string> | undefined): string {
  const title = options ? Object.values(options).join(' / ') : '';
  return title ? `${name} — ${title}` : name;
}

/** The lowest variant price: a product's `price`. */
export function lowestPrice(variants: readonly Pick<Variant, 'price'>[]): number {
  let lowest = Number.POSITIVE_INFINITY;
  for (const v of variants) if (v.price < lowest) lowest = v.price;
  return Number.isFinite(lowest) ? lowest : 0;
}

/** True when the variants do not all cost the same: cards then say "from $X". */
export function pricesDiffer(variants: readonly Pick<Variant, 'price'>[]): boolean {
  const first = variants[0];
  return first !== undefined && variants.some((v) => toCents(v.price) !== toCents(first.price));
}

/** Units on hand across tracked variants; null when no variant tracks stock. */
export function totalStock(variants: readonly Pick<Variant, 'stock'>[]): number | null {
  let total: number | null = null;
  for (const v of variants) if (v.stock !== null) total = (total ?? 0) + v.stock;
  return total;
}

export function isVariantBuyable(variant: Pick<Variant, 'available' | 'stock'>): boolean {
  return variant.available && variant.stock !== 0;
}

/** Something of the product can be put in a cart now. */
export function hasBuyableVariant(product: {
  available: boolean;
  variants: readonly Pick<Variant, 'available' | 'stock'>[];
}): boolean {
  return product.available && product.variants.some(isVariantBuyable);
}

/**
 * The variant a request means: the one with this id, or, when none is named, the product's only
 * variant. Undefined when the id is unknown or a product with several variants was given none.
 */
export function resolveVariant<V extends Pick<Variant, 'id'>>(
  product: { variants: readonly V[] },
  variantId: string | undefined,
): V | undefined {
  if (variantId === undefined) return product.variants.length === 1 ? product.variants[0] : undefined;
  return product.variants.find((v) => v.id === variantId);
}

/** The variant a product page opens on: the requested one, else the first that can be bought, else the first. */
export function initialVariant<V extends Pick<Variant, 'id' | 'available' | 'stock'>>(
  product: { variants: readonly V[] },
  requestedId: string | null | undefined,
): V | undefined {
  return (
    product.variants.find((v) => v.id === requestedId) ??
    product.variants.find(isVariantBuyable) ??
    product.variants[0]
  );
}
