import type { ProductSummary } from '../../domain/catalogue-listing.js';
import { toCents } from '../../domain/money.js';
import type { Product } from '../../domain/product.js';
import { productNameKey } from '../../domain/product.js';
import { isVariantBuyable, pricesDiffer, totalStock } from '../../domain/variant.js';
import { productTerms, sequenceCode } from './search-terms.js';

/** What the index keeps of a product: its card, what lists filter and sort by, and its search terms. */
export interface CatalogueRecord {
  readonly summary: ProductSummary;
  readonly version: number;
  readonly nameKey: string;
  readonly priceCents: number;
  readonly createdMs: number;
  /** Some size can be bought now, the product's own availability aside (the admin list's stock filter). */
  readonly buyable: boolean;
  /** Units in stock over the sizes whose stock is tracked; null when none is (the admin list's low stock). */
  readonly trackedStock: number | null;
  /** The amino-acid sequence in one-letter code, for fragment search; '' when none. */
  readonly sequence: string;
  readonly terms: ReadonlyMap<string, number>;
}

export function toCatalogueRecord(p: Product): CatalogueRecord {
  const buyable = p.variants.some(isVariantBuyable);
  let cheapest = p.variants[0];
  for (const v of p.variants) if (cheapest && v.price < cheapest.price) cheapest = v;
  return {
    summary: {
      id: p.id,
      name: p.name,
      price: p.price,
      imgUrl: p.imgUrl,
      category: p.category,
      brand: p.brand,
      available: p.available,
      createdAt: p.createdAt,
      compareAtPrice: cheapest?.compareAtPrice ?? null,
      pricesDiffer: pricesDiffer(p.variants),
      inStock: p.available && buyable,
      variantCount: p.variants.length,
    },
    version: p.version,
    nameKey: productNameKey(p.name),
    priceCents: toCents(p.price),
    createdMs: p.createdAt.seconds * 1000 + Math.floor(p.createdAt.nanoseconds / 1e6),
    buyable,
    trackedStock: totalStock(p.variants),
    sequence: sequenceCode(p.specs.sequence ?? ''),
    terms: productTerms({
      name: p.name,
      category: p.category,
      brand: p.brand,
      tags: p.tags,
      description: p.description,
      casNumber: p.specs.casNumber ?? '',
    }),
  };
}

const byName = (a: CatalogueRecord, b: CatalogueRecord): number =>
  a.nameKey < b.nameKey
    ? -1
    : a.nameKey > b.nameKey
      ? 1
      : a.summary.id < b.summary.id
        ? -1
        : a.summary.id > b.summary.id
          ? 1
          : 0;

/** The orders lists come in; ties fall back to the name, then the id, so every order is total. */
export const RECORD_ORDERS = {
  name: byName,
  'price-asc': (a: CatalogueRecord, b: CatalogueRecord) => a.priceCents - b.priceCents || byName(a, b),
  'price-desc': (a: CatalogueRecord, b: CatalogueRecord) => b.priceCents - a.priceCents || byName(a, b),
  newest: (a: CatalogueRecord, b: CatalogueRecord) => b.createdMs - a.createdMs || byName(a, b),
} as const;
