import { z } from 'zod';
import {
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_LABEL_MAX_LENGTH,
  PRODUCT_NAME_MAX_LENGTH,
} from './constants.js';
import { galleryImagesSchema, imageUrlSchema } from './product-images.js';
import type { ProductSpecs } from './specs.js';
import { specsSchema } from './specs-schema.js';
import { tagsSchema } from './tags.js';
import type { Timestamp } from './timestamp.js';
import type { ProductOption, Variant } from './variant.js';
import {
  optionsSchema,
  priceSchema,
  skuSchema,
  stockSchema,
  type VariantInput,
  variantSetIssues,
  variantsPatchSchema,
  variantsSchema,
} from './variant-schema.js';

export interface Product {
  id: string;
  name: string;
  /** The lowest variant price: dollars with at most 2 decimals, as stored; compute in cents. */
  price: number;
  available: boolean;
  /** Sanitised HTML. */
  description: string;
  /** The main image; '' for none. */
  imgUrl: string;
  /** The gallery after the main image, in order: never '' or the main image, no repeats. */
  images: string[];
  /** In the order given; no two differ only in case, none holds a comma. */
  tags: string[];
  category: string;
  brand: string;
  /** Units on hand across the variants that track stock; null when none does. */
  stock: number | null;
  /** Up to 3 ways the product comes in (e.g. Size); none for a product sold one way. */
  options: ProductOption[];
  /** At least one; exactly one when there are no options. */
  variants: Variant[];
  specs: ProductSpecs;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /**
   * Changes on every write of the product, stock taken or put back by orders included; conditional
   * writes compare it (the API's ETag and If-Match).
   */
  version: number;
}

/**
 * Characters that show as nothing: format controls (zero-width space and joiners, BOM, bidi marks,
 * soft hyphen, every other Cf) and the rest of Unicode's default-ignorable code points.
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
const INVISIBLE_OR_SPACE_AT_EDGES =
  /^[\s\p{Cf}\p{Default_Ignorable_Code_Point}]+|[\s\p{Cf}\p{Default_Ignorable_Code_Point}]+$/gu;

/** Printable ASCII is its own NFKC and holds nothing invisible: the quick path for most names. */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/** A name as stored: without white space or invisible characters at either end. */
export function trimProductName(name: string): string {
  return PLAIN_ASCII.test(name) ? name.trim() : name.replace(INVISIBLE_OR_SPACE_AT_EDGES, '');
}

/**
 * What names are unique by: NFKC (compatibility forms such as full-width letters fold to plain
 * ones), invisible characters removed, trimmed, lower-cased. The one definition every store adapter
 * and the CLI import compare names with.
 */
export function productNameKey(name: string): string {
  if (PLAIN_ASCII.test(name)) return name.trim().toLowerCase();
  return name.normalize('NFKC').replace(INVISIBLE, '').trim().toLowerCase().normalize('NFKC');
}

const productNameSchema = z
  .string({ error: 'Name is required' })
  .overwrite(trimProductName)
  .min(1, 'Name is required')
  .max(PRODUCT_NAME_MAX_LENGTH, `Name must be at most ${PRODUCT_NAME_MAX_LENGTH} characters`);

const labelSchema = (label: string) =>
  z
    .string()
    .trim()
    .max(PRODUCT_LABEL_MAX_LENGTH, `${label} must be at most ${PRODUCT_LABEL_MAX_LENGTH} characters`);

const descriptionSchema = z
  .string()
  .max(
    PRODUCT_DESCRIPTION_MAX_LENGTH,
    `Description must be at most ${PRODUCT_DESCRIPTION_MAX_LENGTH} characters`,
  );

const productFields = {
  name: productNameSchema,
  description: descriptionSchema,
  imgUrl: imageUrlSchema,
  images: galleryImagesSchema,
  tags: tagsSchema,
  category: labelSchema('Category'),
  brand: labelSchema('Brand'),
  specs: specsSchema,
};

/** The fields that describe a product sold one way: they set its only variant. */
const singleVariantFields = {
  price: priceSchema,
  stock: stockSchema,
  sku: skuSchema,
  compareAtPrice: priceSchema.nullable(),
};
const SINGLE_VARIANT_KEYS = Object.keys(singleVariantFields) as (keyof typeof singleVariantFields)[];

type Issues = { addIssue(issue: { code: 'custom'; path: (string | number)[]; message: string }): void };

function reportVariantSet(options: ProductOption[], variants: VariantInput[], ctx: Issues) {
  for (const issue of variantSetIssues(options, variants)) ctx.addIssue({ code: 'custom', ...issue });
}

/**
 * What a caller supplies to create a product; it is always created available. Either `price` (with
 * `stock`, `sku`, `compareAtPrice`) for a product sold one way, or `options` and `variants`.
 */
export const newProductSchema = z
  .strictObject({
    name: productFields.name,
    description: productFields.description.default(''),
    imgUrl: productFields.imgUrl.default(''),
    images: productFields.images.default([]),
    tags: productFields.tags.default([]),
    category: productFields.category.default(''),
    brand: productFields.brand.default(''),
    specs: productFields.specs.default({}),
    ...singleVariantFields,
    price: singleVariantFields.price.optional(),
    stock: singleVariantFields.stock.default(null),
    sku: singleVariantFields.sku.default(''),
    compareAtPrice: singleVariantFields.compareAtPrice.default(null),
    options: optionsSchema.default([]),
    variants: variantsSchema.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.variants === undefined) {
      if (input.price === undefined)
        ctx.addIssue({ code: 'custom', path: ['price'], message: 'Price is required' });
      if (input.options.length > 0)
        ctx.addIssue({ code: 'custom', path: ['variants'], message: 'Give the variants of these options' });
      return;
    }
    for (const key of SINGLE_VARIANT_KEYS) {
      const given = input[key];
      if (given !== undefined && given !== null && given !== '')
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `Set ${key} on each variant, not on the product`,
        });
    }
    reportVariantSet(input.options, input.variants, ctx);
  })
  // Field by field rather than rest and spread: an import judges a million products with this.
  .transform((input) => ({
    name: input.name,
    description: input.description,
    imgUrl: input.imgUrl,
    images: input.images,
    tags: input.tags,
    category: input.category,
    brand: input.brand,
    specs: input.specs,
    options: input.options,
    variants: input.variants ?? [
      {
        sku: input.sku,
        options: {},
        price: input.price as number,
        compareAtPrice: input.compareAtPrice,
        stock: input.stock,
        available: true,
        imgUrl: '',
      },
    ],
  }));
export type NewProduct = z.output<typeof newProductSchema>;
export type NewProductInput = z.input<typeof newProductSchema>;

/**
 * A change to a product. `options` and `variants` replace the whole set (a variant with its `id`
 * keeps what it leaves out; one without is new; one left out is removed); the merged set is judged
 * by patchedProductState; `variants` alone keeps the options. `price`,
 * `stock`, `sku` and `compareAtPrice` set the only variant of a product sold one way.
 */
export const productPatchSchema = z
  .strictObject({
    ...productFields,
    ...singleVariantFields,
    available: z.boolean({ error: 'Available must be true or false' }),
    options: optionsSchema,
    variants: variantsPatchSchema,
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'Nothing to update')
  .superRefine((patch, ctx) => {
    if (patch.options !== undefined && patch.variants === undefined)
      ctx.addIssue({ code: 'custom', path: ['variants'], message: 'Give the variants of these options' });
    if (patch.variants === undefined) return;
    for (const key of SINGLE_VARIANT_KEYS) {
      if (patch[key] !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `Set ${key} on each variant, not on the product`,
        });
    }
  });
export type ProductPatch = z.output<typeof productPatchSchema>;
export type ProductPatchInput = z.input<typeof productPatchSchema>;
