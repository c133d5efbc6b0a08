import { z } from 'zod';
import { PRODUCT_LABEL_MAX_LENGTH } from '../domain/constants.js';
import type { ErrorCode } from '../domain/errors.js';

/**
 * How many products one bulk action may name: a few pages of the admin list.
 * @internal
 */
export const BULK_MAX_PRODUCTS = 100;

const ids = z
  .array(z.string().min(1).max(128), { error: 'ids must be a list of product ids' })
  .min(1, 'Choose at least one product')
  .max(BULK_MAX_PRODUCTS, `At most ${BULK_MAX_PRODUCTS} products at a time`)
  .refine((list) => new Set(list).size === list.length, 'A product is named twice');

/**
 * `POST /api/admin/products/bulk`: one action on many products, each written (and audited) on its own;
 * a product that cannot be changed is reported and the others still are.
 */
export const productBulkSchema = z.discriminatedUnion(
  'action',
  [
    z.strictObject({ action: z.literal('set-available'), ids, available: z.boolean() }),
    z.strictObject({
      action: z.literal('set-category'),
      ids,
      category: z
        .string()
        .trim()
        .max(PRODUCT_LABEL_MAX_LENGTH, `Category must be at most ${PRODUCT_LABEL_MAX_LENGTH} characters`),
    }),
    z.strictObject({ action: z.literal('delete'), ids }),
  ],
  { error: 'action must be set-available, set-category or delete' },
);

export type ProductBulkRequest = z.output<typeof productBulkSchema>;

/** What became of one product of a bulk action. */
export type ProductBulkResult =
  | { id: string; ok: true }
  | { id: string; ok: false; error: { code: ErrorCode; message: string } };
