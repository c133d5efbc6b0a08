import { z } from 'zod';
import { normalizeLotNumber } from './lot.js';
import { hasAtMostTwoDecimals } from './money.js';

const LOT_NUMBER_PATTERN = /^[A-Z0-9][A-Z0-9._/-]{0,39}$/;

export const lotNumberSchema = z
  .string({ error: 'Lot number is required' })
  .transform(normalizeLotNumber)
  .refine(
    (v) => LOT_NUMBER_PATTERN.test(v),
    'Lot number must be 1 to 40 letters, digits, dots, dashes or slashes, as printed on the vial',
  );

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isRealDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** A test day `YYYY-MM-DD`, not in the future (a day of slack for time zones). */
export const testedAtSchema = z
  .string({ error: 'Tested date is required' })
  .trim()
  .refine(isRealDay, { message: 'Tested date must be a real day written YYYY-MM-DD', abort: true })
  .refine(
    (v) => Date.parse(`${v}T00:00:00Z`) <= Date.now() + 24 * 60 * 60 * 1000,
    'Tested date cannot be in the future',
  );

export const puritySchema = z
  .number({ error: 'Purity must be a number (percent)' })
  .gt(0, 'Purity must be above 0%')
  .max(100, 'Purity cannot be above 100%')
  .refine(hasAtMostTwoDecimals, 'Purity can have at most 2 decimal places');

/** The shop's own stored file (/files/…, /images/…) or an https URL. */
const OWN_FILE_PATH = /^\/(?:files|images)\/(?!(?:.*\/)?\.\.?(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;
const coaUrlSchema = z
  .string({ error: 'COA is required' })
  .trim()
  .max(2048, 'COA URL is too long')
  .refine(
    (v) => OWN_FILE_PATH.test(v) || /^https:\/\/[^/\s\\]+\/\S*$/.test(v),
    'COA must be an uploaded PDF or an https URL',
  );

/** A lot as a caller records it; `variantId` may be left out for a product with one variant. */
export const newLotSchema = z.strictObject({
  lotNumber: lotNumberSchema,
  productId: z.string({ error: 'productId is required' }).min(1).max(128),
  variantId: z.string().min(1).max(128).optional(),
  testedAt: testedAtSchema,
  purity: puritySchema,
  coaUrl: coaUrlSchema,
});
export type NewLotInput = z.input<typeof newLotSchema>;
