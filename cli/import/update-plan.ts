import type { Product } from '../../shared/domain/product.js';
import { skuKey, type Variant } from '../../shared/domain/variant.js';
import type { ImportedProduct } from './imported-product.js';

/** What --update-existing writes to a product, before the product rules judge it. */
export interface UpdatePlan {
  /** A ProductPatch's input: only what the file gives. */
  patch: Record<string, unknown>;
  variants: { created: number; updated: number; removed: number };
  /** Complaints by field path of the file's product (`variants.1.price`). */
  issues: { field: string; message: string }[];
}

const PRODUCT_KEYS = ['name', 'description', 'category', 'brand', 'imgUrl', 'images', 'tags', 'available'];
const SINGLE_KEYS = ['sku', 'price', 'compareAtPrice', 'stock'] as const;
const VARIANT_KEYS = [...SINGLE_KEYS, 'available', 'imgUrl'] as const;
type VariantKey = (typeof VARIANT_KEYS)[number];

/** Option values compared as the product rules tell variants apart: names and values case-insensitively. */
function sameOptions(a: Record<string, string>, b: Record<string, string>): boolean {
  const norm = (o: Record<string, string>) =>
    JSON.stringify(
      Object.entries(o)
        .map(([k, v]) => [k.toLowerCase(), v.trim().toLowerCase()])
        .sort(),
    );
  return norm(a) === norm(b);
}

/**
 * What the file changes of `current`: the product fields it has columns for; specs one by one when
 * given so (an empty cell clears a spec). Its sizes replace the product's: each matched to one of
 * the product's variants by SKU, else by option values, keeps that variant's id — so carts, orders
 * and lots still find it — and, for the columns the file lacks (stock, most often), its values as
 * the store holds them when it writes.
 */
export function updatePlan(current: Product, p: ImportedProduct): UpdatePlan {
  const input = p.input as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  const plan: UpdatePlan = { patch, variants: { created: 0, updated: 0, removed: 0 }, issues: [] };
  for (const key of PRODUCT_KEYS) if (p.fields.has(key) && input[key] !== undefined) patch[key] = input[key];

  const specs = input.specs as Record<string, unknown> | undefined;
  if (p.fields.has('specs')) patch.specs = specs ?? {};
  else {
    const given = [...p.fields].filter((f) => f.startsWith('specs.')).map((f) => f.slice(6));
    if (given.length > 0) {
      const merged: Record<string, unknown> = { ...current.specs };
      for (const key of given) {
        const value = specs?.[key];
        if (value === undefined || value === '') delete merged[key];
        else merged[key] = value;
      }
      patch.specs = merged;
    }
  }

  const single = input.variants === undefined;
  const listed = [...p.fields].some((f) => f.startsWith('variants.'));
  const givenKeys = VARIANT_KEYS.filter((key) =>
    single
      ? (SINGLE_KEYS as readonly string[]).includes(key) && p.fields.has(key)
      : p.fields.has('variants') && (!listed || p.fields.has(`variants.${key}`)),
  );
  if (givenKeys.length === 0) return plan;
  const fileVariants = (
    single ? [{ ...Object.fromEntries(SINGLE_KEYS.map((k) => [k, input[k]])), options: {} }] : input.variants
  ) as Partial<Record<VariantKey | 'options', unknown>>[];
  const fileOptions = (input.options as unknown[] | undefined) ?? [];
  const path = (i: number, key: string) => (single ? key : `variants.${i}.${key}`);

  if (!p.fields.has('options') && fileOptions.length === 0 && current.variants.length > 1) {
    // Sizes have their own prices and stock; this file's one price would not say which.
    for (const key of givenKeys)
      plan.issues.push({
        field: path(0, key),
        message: `"${String(input.name).trim()}" comes in ${current.variants.length} sizes: change each with shop variants update`,
      });
    return plan;
  }

  if (
    current.variants.length === 1 &&
    current.options.length === 0 &&
    fileVariants.length === 1 &&
    fileOptions.length === 0 &&
    givenKeys.every((key) => (SINGLE_KEYS as readonly string[]).includes(key))
  ) {
    // Set in the same step as the store reads the product, so stock an order takes meanwhile stays taken.
    for (const key of givenKeys) patch[key] = fileVariants[0]![key] ?? (key === 'sku' ? '' : null);
    plan.variants.updated = 1;
    return plan;
  }

  const used = new Set<string>();
  const unused = (v: Variant) => !used.has(v.id);
  patch.variants = fileVariants.map((fv, i) => {
    const options = (fv.options ?? {}) as Record<string, string>;
    const sku = typeof fv.sku === 'string' ? fv.sku.trim() : '';
    const match =
      (sku !== '' &&
        current.variants.find((v) => unused(v) && v.sku !== '' && skuKey(v.sku) === skuKey(sku))) ||
      current.variants.find((v) => unused(v) && sameOptions(v.options, options));
    if (match) used.add(match.id);
    if (!match && !givenKeys.includes('price'))
      plan.issues.push({
        field: path(i, 'price'),
        message: 'Price is required for a size the product does not have yet',
      });
    // A matched size names only what the file gives: the store keeps the rest as it is at the write
    // (so stock an order takes meanwhile stays taken); a new size gets the defaults.
    const given = Object.fromEntries(
      givenKeys.filter((key) => fv[key] !== undefined).map((key) => [key, fv[key]]),
    );
    return match ? { id: match.id, options, ...given } : { options, ...given };
  });
  if (p.fields.has('options') || fileOptions.length > 0) patch.options = fileOptions;
  plan.variants.updated = used.size;
  plan.variants.created = fileVariants.length - used.size;
  plan.variants.removed = current.variants.length - used.size;
  return plan;
}
