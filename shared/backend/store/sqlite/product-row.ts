import { type Product, productNameKey, trimProductName } from '../../../domain/product.js';
import type { ProductState } from '../../../domain/product-state.js';
import type { ProductSpecs } from '../../../domain/specs.js';
import { timestampFromMillis } from '../../../domain/timestamp.js';
import type { ProductOption } from '../../../domain/variant.js';
import { productNameSkeleton } from '../../product-name-skeleton.js';
import { type StoredVariant, storedVariants } from '../stored-variants.js';

export interface ProductRow {
  id: string;
  name: string;
  /** The order names sort in (productNameKey). */
  name_key: string;
  /** What names are unique by (productNameSkeleton); migration 15 gave older rows theirs. */
  name_skeleton: string;
  /** Derived: the lowest variant price. */
  price: number;
  available: 0 | 1;
  description: string;
  img_url: string;
  /** JSON of string[]: the gallery after img_url. */
  images: string;
  /** JSON of string[]. */
  tags: string;
  category: string;
  brand: string;
  /** Derived: units across the variants that track stock. */
  stock: number | null;
  /** JSON of ProductOption[]. */
  options: string;
  /** JSON of Variant[]. */
  variants: string;
  /** JSON of ProductSpecs. */
  specs: string;
  created_at: number;
  updated_at: number;
  version: number;
}

export function toProductState(row: ProductRow): ProductState {
  return {
    name: row.name,
    price: row.price,
    available: row.available === 1,
    description: row.description,
    imgUrl: row.img_url,
    images: JSON.parse(row.images) as string[],
    tags: JSON.parse(row.tags) as string[],
    category: row.category,
    brand: row.brand,
    stock: row.stock,
    options: JSON.parse(row.options) as ProductOption[],
    variants: storedVariants(JSON.parse(row.variants) as StoredVariant[]),
    specs: JSON.parse(row.specs) as ProductSpecs,
  };
}

export function toProduct(row: ProductRow): Product {
  const { name, ...state } = toProductState(row);
  return {
    id: row.id,
    name,
    ...state,
    createdAt: timestampFromMillis(row.created_at),
    updatedAt: timestampFromMillis(row.updated_at),
    version: row.version,
  };
}

function isEmpty(object: object): boolean {
  for (const _ in object) return false;
  return true;
}

/**
 * A product's row: every column its state fills (derived ones included) and what the store keeps
 * beside them. One literal, not spreads: a row of 18 columns built by spreading lands in a slow
 * dictionary object, kilobytes of garbage per product of an import.
 */
export function productRow(
  id: string,
  state: ProductState,
  createdAt: number,
  updatedAt: number,
  version: number,
): ProductRow {
  return {
    id,
    name: trimProductName(state.name),
    name_key: productNameKey(state.name),
    name_skeleton: productNameSkeleton(state.name),
    price: state.price,
    available: state.available ? 1 : 0,
    description: state.description,
    img_url: state.imgUrl,
    images: state.images.length === 0 ? '[]' : JSON.stringify(state.images),
    tags: state.tags.length === 0 ? '[]' : JSON.stringify(state.tags),
    category: state.category,
    brand: state.brand,
    stock: state.stock,
    options: state.options.length === 0 ? '[]' : JSON.stringify(state.options),
    variants: JSON.stringify(state.variants),
    specs: isEmpty(state.specs) ? '{}' : JSON.stringify(state.specs),
    created_at: createdAt,
    updated_at: updatedAt,
    version,
  };
}

/**
 * The audit entry's "after" of a product just created from this row, as JSON: what
 * `JSON.stringify(auditChange(null, toProduct(row)).after)` gives (the whole state, bookkeeping left
 * out), made from the JSON its columns already hold rather than parsed back and written again, as an
 * import does for every product.
 */
export function createdSnapshotJson(row: ProductRow): string {
  const text = JSON.stringify;
  return (
    `{"name":${text(row.name)},"price":${text(row.price)},"available":${row.available === 1},` +
    `"description":${text(row.description)},"imgUrl":${text(row.img_url)},"images":${row.images},` +
    `"tags":${row.tags},"category":${text(row.category)},"brand":${text(row.brand)},` +
    `"stock":${text(row.stock)},"options":${row.options},"variants":${row.variants},"specs":${row.specs}}`
  );
}
