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
  /** When the product last changed (a sitemap's lastmod). */
  readonly updatedMs: number;
  /** Some size can be bought now, the product's own availability aside (the admin list's stock filter). */
  readonly buyable: boolean;
  /** Units in stock over the sizes whose stock is tracked; null when none is (the admin list's low stock). */
  readonly trackedStock: number | null;
  /** The amino-acid sequence in one-letter code, for fragment search; '' when none. */
  readonly sequence: string;
  /**
   * Category and brand as numbers (see Labels): as facets name them (trimmed) and as filters compare
   * them (lower-cased), so a pass over 100k records compares and counts numbers, not strings.
   */
  readonly categoryName: number;
  readonly categoryKey: number;
  readonly brandName: number;
  readonly brandKey: number;
  /** A hash of the text searched (see textHash): a write leaving it alone keeps the product's terms. */
  readonly textHash: number;
}

/** Numbers for the few distinct categories and brands; 0 is the blank one. */
export class Labels {
  private readonly ids = new Map<string, number>([['', 0]]);
  readonly names: string[] = [''];

  id(label: string): number {
    let id = this.ids.get(label);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(label, id);
      this.names.push(label);
    }
    return id;
  }

  /** The number of a label already seen, or -1 (which no record carries). */
  find(label: string): number {
    return this.ids.get(label) ?? -1;
  }
}

/** How facets and filters read a category or brand. */
export const labelKey = (label: string): string => label.trim().toLowerCase();

export function toCatalogueRecord(p: Product, labels: Labels): CatalogueRecord {
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
    createdMs: timestampMs(p.createdAt),
    updatedMs: timestampMs(p.updatedAt),
    buyable,
    trackedStock: totalStock(p.variants),
    sequence: sequenceCode(p.specs.sequence ?? ''),
    categoryName: labels.id(p.category.trim()),
    categoryKey: labels.id(labelKey(p.category)),
    brandName: labels.id(p.brand.trim()),
    brandKey: labels.id(labelKey(p.brand)),
    textHash: textHash(p),
  };
}

const timestampMs = (t: Product['createdAt']): number => t.seconds * 1000 + Math.floor(t.nanoseconds / 1e6);

/** FNV-1a over every field search reads. */
export function textHash(p: Product): number {
  const text = [
    p.name,
    p.category,
    p.brand,
    p.tags.join('\u0000'),
    p.description,
    p.specs.casNumber ?? '',
    p.specs.sequence ?? '',
  ].join('\u0001');
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** The search terms of a product, each with the weight of the best field it occurs in. */
export const recordTerms = (p: Product): Map<string, number> =>
  productTerms({
    name: p.name,
    category: p.category,
    brand: p.brand,
    tags: p.tags,
    description: p.description,
    casNumber: p.specs.casNumber ?? '',
  });

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
