import { z } from 'zod';
import {
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_LABEL_MAX_LENGTH,
  PRODUCT_MAX_PRICE,
  PRODUCT_MAX_STOCK,
  PRODUCT_NAME_MAX_LENGTH,
} from './constants.js';
import { isLoopbackHost } from './loopback-host.js';
import { fromCents, hasAtMostTwoDecimals, toCents } from './money.js';
import type { Timestamp } from './timestamp.js';

export interface Product {
  id: string;
  name: string;
  /** Dollars with at most 2 decimals, as stored; compute in cents. */
  price: number;
  available: boolean;
  /** Sanitised HTML. */
  description: string;
  imgUrl: string;
  category: string;
  brand: string;
  /** Units on hand; null when stock is not tracked. */
  stock: number | null;
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

const priceSchema = z
  .number({ error: 'Price must be a number' })
  .refine((p) => p > 0, 'Price must be greater than 0')
  .refine((p) => p <= PRODUCT_MAX_PRICE, `Price must be at most ${PRODUCT_MAX_PRICE}`)
  .refine(hasAtMostTwoDecimals, 'Price can have at most 2 decimal places')
  .transform((p) => fromCents(toCents(p)));

const stockSchema = z
  .number({ error: 'Stock must be a whole number or empty' })
  .int('Stock must be a whole number')
  .min(0, 'Stock cannot be negative')
  .max(PRODUCT_MAX_STOCK, `Stock must be at most ${PRODUCT_MAX_STOCK}`)
  .nullable();

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

/** One of the shop's own images: /images/ and a plain file path, no `..`, backslash or scheme tricks. */
const OWN_IMAGE_PATH = /^\/images\/(?!(?:.*\/)?\.\.?(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

function isAllowedImageUrl(value: string): boolean {
  if (value === '' || OWN_IMAGE_PATH.test(value)) return true;
  // Browsers drop tabs and newlines from URLs and read a backslash as a slash: refuse them outright.
  if (/[\p{Cc}\s\\]/u.test(value) || !/^https?:\/\/[^/]/i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  // Plain http only from this machine: the Storage emulator's download URLs.
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

/** An https URL or one of the shop's own /images/ paths; never javascript:, data: or another site by //. */
const imageUrlSchema = z
  .string()
  .trim()
  .max(2048, 'Image URL is too long')
  .refine(isAllowedImageUrl, 'Image must be an https URL or one of the shop’s /images/ paths');

const productFields = {
  name: productNameSchema,
  price: priceSchema,
  description: descriptionSchema,
  imgUrl: imageUrlSchema,
  category: labelSchema('Category'),
  brand: labelSchema('Brand'),
  stock: stockSchema,
};

/** What a caller supplies to create a product; it is always created available. */
export const newProductSchema = z.strictObject({
  name: productFields.name,
  price: productFields.price,
  description: productFields.description.default(''),
  imgUrl: productFields.imgUrl.default(''),
  category: productFields.category.default(''),
  brand: productFields.brand.default(''),
  stock: productFields.stock.default(null),
});
export type NewProduct = z.output<typeof newProductSchema>;
export type NewProductInput = z.input<typeof newProductSchema>;

export const productPatchSchema = z
  .strictObject({
    ...productFields,
    available: z.boolean({ error: 'Available must be true or false' }),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'Nothing to update');
export type ProductPatch = z.output<typeof productPatchSchema>;
export type ProductPatchInput = z.input<typeof productPatchSchema>;
