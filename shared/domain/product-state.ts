import { type FieldIssue, ValidationError } from './errors.js';
import { sortedTiers } from './price-tiers.js';
import type { NewProduct, Product, ProductPatch } from './product.js';
import { galleryWithout } from './product-images.js';
import { lowestPrice, type ProductOption, totalStock, type Variant } from './variant.js';
import {
  type VariantInPatch,
  type VariantInput,
  type VariantPatch,
  variantSetIssues,
} from './variant-schema.js';

/** A product's stored fields, without what the store assigns (id, timestamps, version). */
export type ProductState = Omit<Product, 'id' | 'createdAt' | 'updatedAt' | 'version'>;

/** Completes a state just built with what its variants decide; in place, as an import builds a million. */
function withDerived(state: Omit<ProductState, 'price' | 'stock'>): ProductState {
  const derived = state as ProductState;
  derived.price = lowestPrice(state.variants);
  derived.stock = totalStock(state.variants);
  return derived;
}

function toVariant(input: Omit<VariantInput, 'id'>, id: string): Variant {
  return {
    id,
    sku: input.sku,
    options: input.options,
    price: input.price,
    compareAtPrice: input.compareAtPrice,
    stock: input.stock,
    available: input.available,
    imgUrl: input.imgUrl,
    ...shippingAndTiers(input),
  };
}

/** Tiers, weight and cold pack only where given: stored variants without them read as having none. */
function shippingAndTiers(input: Pick<VariantInput, 'priceTiers' | 'weightGrams' | 'coldPack'>) {
  return {
    ...(input.priceTiers?.length ? { priceTiers: sortedTiers(input.priceTiers) } : {}),
    ...(input.weightGrams != null ? { weightGrams: input.weightGrams } : {}),
    ...(input.coldPack ? { coldPack: true } : {}),
  };
}

/** A new product as stored: available, its variants given ids. */
export function newProductState(input: NewProduct, newVariantId: () => string): ProductState {
  return withDerived({
    name: input.name,
    description: input.description,
    imgUrl: input.imgUrl,
    images: galleryWithout(input.imgUrl, input.images),
    tags: input.tags,
    category: input.category,
    brand: input.brand,
    specs: input.specs,
    available: true,
    options: input.options,
    variants: input.variants.map((v) => toVariant(v, v.id ?? newVariantId())),
  });
}

/** A listed variant over what is stored: fields it leaves out stay as they are. */
function changedVariant(stored: Variant, change: VariantInPatch): Variant {
  const given = Object.entries(change).filter(([, value]) => value !== undefined);
  return { ...stored, ...Object.fromEntries(given), id: stored.id };
}

/** A new variant of a patch with the defaults a new one takes (its price is required by the schema). */
function newVariantInput(v: VariantInPatch): Omit<VariantInput, 'id'> {
  return {
    sku: v.sku ?? '',
    options: v.options ?? {},
    price: v.price as number,
    compareAtPrice: v.compareAtPrice ?? null,
    stock: v.stock ?? null,
    available: v.available ?? true,
    imgUrl: v.imgUrl ?? '',
    ...shippingAndTiers(v),
  };
}

const pathOf = (path: (string | number)[]) => path.join('.');

/**
 * The product after a patch, judged against what it is now: variants named by id must exist,
 * the fields of a product sold one way only fit one with a single variant, and the resulting set
 * must be coherent (variantSetIssues). Throws ValidationError naming the field.
 */
export function patchedProductState(
  current: ProductState,
  patch: ProductPatch,
  newVariantId: () => string,
): ProductState {
  const { price, stock, sku, compareAtPrice, options, variants, ...fields } = patch;
  const issues: FieldIssue[] = [];
  let nextOptions: ProductOption[] = options ?? current.options;
  let nextVariants: Variant[] = current.variants;
  if (variants !== undefined) {
    const known = new Map(current.variants.map((v) => [v.id, v]));
    variants.forEach((v, i) => {
      if (v.id !== undefined && !known.has(v.id))
        issues.push({ field: `variants.${i}.id`, message: `This product has no variant ${v.id}` });
    });
    if (issues.length > 0) throw new ValidationError(issues);
    nextVariants = variants.map((v) => {
      const stored = v.id === undefined ? undefined : known.get(v.id);
      return stored ? changedVariant(stored, v) : toVariant(newVariantInput(v), newVariantId());
    });
  }
  const single = { price, stock, sku, compareAtPrice };
  const given = Object.entries(single).filter(([, value]) => value !== undefined);
  if (given.length > 0) {
    if (current.variants.length !== 1 || variants !== undefined) {
      for (const [key] of given)
        issues.push({
          field: key,
          message: `This product has ${current.variants.length} variants: set ${key} on each variant`,
        });
    } else {
      nextVariants = [{ ...current.variants[0]!, ...Object.fromEntries(given) }];
    }
  }
  if (options === undefined && variants === undefined) nextOptions = current.options;
  for (const issue of variantSetIssues(nextOptions, nextVariants))
    issues.push({ field: pathOf(issue.path), message: issue.message });
  if (issues.length > 0) throw new ValidationError(issues);
  const imgUrl = fields.imgUrl ?? current.imgUrl;
  return withDerived({
    name: fields.name ?? current.name,
    description: fields.description ?? current.description,
    imgUrl,
    images: galleryWithout(imgUrl, fields.images ?? current.images),
    tags: fields.tags ?? current.tags,
    category: fields.category ?? current.category,
    brand: fields.brand ?? current.brand,
    specs: fields.specs ?? current.specs,
    available: fields.available ?? current.available,
    options: nextOptions,
    variants: nextVariants.map((v) => (v.priceTiers ? { ...v, priceTiers: sortedTiers(v.priceTiers) } : v)),
  });
}

/** The product patch that changes one variant (by id) and leaves the others as they are. */
export function variantPatchAsProductPatch(
  current: Pick<Product, 'variants'>,
  variantId: string,
  patch: VariantPatch,
): ProductPatch {
  return { variants: current.variants.map((v) => (v.id === variantId ? { ...v, ...patch } : v)) };
}

/** Variants after taking (negative) or putting back (positive) tracked stock: variant id → units. */
export function adjustVariantStock(
  variants: readonly Variant[],
  change: ReadonlyMap<string, number>,
): Variant[] {
  return variants.map((v) => {
    const units = change.get(v.id);
    return units === undefined || v.stock === null ? v : { ...v, stock: Math.max(0, v.stock + units) };
  });
}
