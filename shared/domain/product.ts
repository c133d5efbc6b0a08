import { z } from 'zod';
import {
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_LABEL_MAX_LENGTH,
  PRODUCT_MAX_PRICE,
  PRODUCT_MAX_STOCK,
  PRODUCT_NAME_MAX_LENGTH,
} from './constants.js';
import { hasAtMostTwoDecimals } from './money.js';
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

/** Names are unique compared case-insensitively after trimming. */
export function productNameKey(name: string): string {
  return name.trim().normalize('NFC').toLowerCase();
}

const productNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(PRODUCT_NAME_MAX_LENGTH, `Name must be at most ${PRODUCT_NAME_MAX_LENGTH} characters`);

const priceSchema = z
  .number({ error: 'Price must be a number' })
  .refine((p) => p > 0, 'Price must be greater than 0')
  .refine((p) => p <= PRODUCT_MAX_PRICE, `Price must be at most ${PRODUCT_MAX_PRICE}`)
  .refine(hasAtMostTwoDecimals, 'Price can have at most 2 decimal places')
  .transform((p) => Math.round(p * 100) / 100);

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

/** A site-relative path or an http(s) URL; never javascript: or data: URLs. */
const imageUrlSchema = z
  .string()
  .trim()
  .max(2048, 'Image URL is too long')
  .refine(
    (u) => u === '' || /^\/(?!\/)/.test(u) || /^https?:\/\//i.test(u),
    'Image must be a site path or an http(s) URL',
  );

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
