import { z } from 'zod';
import { MAX_LINE_QUANTITY, PRODUCT_MAX_PRICE, PRODUCT_MAX_STOCK } from './constants.js';
import { fromCents, hasAtMostTwoDecimals, toCents } from './money.js';
import { type PriceTier, tierPriceIssue } from './price-tiers.js';
import { imageUrlSchema } from './product-images.js';
import { MAX_OPTIONS, MAX_VARIANTS, type ProductOption, skuKey, type Variant } from './variant.js';

const OPTION_NAME_MAX_LENGTH = 40;
const OPTION_VALUE_MAX_LENGTH = 60;
const SKU_MAX_LENGTH = 64;

export const priceSchema = z
  .number({ error: 'Price must be a number' })
  .refine((p) => p > 0, 'Price must be greater than 0')
  .refine((p) => p <= PRODUCT_MAX_PRICE, `Price must be at most ${PRODUCT_MAX_PRICE}`)
  .refine(hasAtMostTwoDecimals, 'Price can have at most 2 decimal places')
  .transform((p) => fromCents(toCents(p)));

export const stockSchema = z
  .number({ error: 'Stock must be a whole number or empty' })
  .int('Stock must be a whole number')
  .min(0, 'Stock cannot be negative')
  .max(PRODUCT_MAX_STOCK, `Stock must be at most ${PRODUCT_MAX_STOCK}`)
  .nullable();

export const skuSchema = z
  .string({ error: 'SKU must be text' })
  .trim()
  .max(SKU_MAX_LENGTH, `SKU must be at most ${SKU_MAX_LENGTH} characters`)
  .refine((s) => !/[\p{Cc}]/u.test(s), 'SKU cannot hold control characters');

export const MAX_TIERS = 5;

/**
 * Quantity breaks of one size: distinct minimums of 2 or more, each 0.01–99% off. Kept in the order
 * given, so that an issue found later (variantSetIssues) names the tier the caller wrote; stored sorted.
 */
const priceTiersSchema = z
  .array(
    z.strictObject({
      minQuantity: z
        .number({ error: "A tier's minimum quantity must be a number" })
        .int("A tier's minimum quantity must be a whole number")
        .min(2, 'A tier starts at a quantity of 2 or more')
        .max(MAX_LINE_QUANTITY, `A tier starts at a quantity of at most ${MAX_LINE_QUANTITY}`),
      percentOff: z
        .number({ error: "A tier's percentage off must be a number" })
        .gt(0, 'A tier takes more than 0% off')
        .max(99, 'A tier takes at most 99% off')
        .refine(hasAtMostTwoDecimals, "A tier's percentage off can have at most 2 decimal places"),
    }),
    { error: 'priceTiers must be a list' },
  )
  .max(MAX_TIERS, `A size can have at most ${MAX_TIERS} price tiers`)
  .refine(
    (tiers) => new Set(tiers.map((t) => t.minQuantity)).size === tiers.length,
    'Each tier needs its own minimum quantity',
  );

const weightGramsSchema = z
  .number({ error: 'Weight must be a number of grams or empty' })
  .int('Weight must be a whole number of grams')
  .min(0, 'Weight cannot be negative')
  .max(1_000_000, 'Weight must be at most 1,000,000 g')
  .nullable();

const coldPackSchema = z.boolean({ error: 'Cold pack must be true or false' });

const optionText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionSchema = z.strictObject({
  name: optionText('Option name', OPTION_NAME_MAX_LENGTH),
  values: z
    .array(optionText('Option value', OPTION_VALUE_MAX_LENGTH), { error: 'Option values must be a list' })
    .min(1, 'An option needs at least one value')
    .max(MAX_VARIANTS, `An option can have at most ${MAX_VARIANTS} values`),
});

export const optionsSchema = z
  .array(optionSchema, { error: 'options must be a list' })
  .max(MAX_OPTIONS, `A product can have at most ${MAX_OPTIONS} options`);

/** A variant as a caller gives it; without `id` it is a new one. */
const variantInputSchema = z.strictObject({
  id: z.string().min(1).max(128).optional(),
  sku: skuSchema.default(''),
  options: z.record(z.string(), z.string().trim()).default({}),
  price: priceSchema,
  compareAtPrice: priceSchema.nullable().default(null),
  stock: stockSchema.default(null),
  available: z.boolean({ error: 'Available must be true or false' }).default(true),
  imgUrl: imageUrlSchema.default(''),
  priceTiers: priceTiersSchema.optional(),
  weightGrams: weightGramsSchema.optional(),
  coldPack: coldPackSchema.optional(),
});
export type VariantInput = z.output<typeof variantInputSchema>;

const variantListSchema = <T extends z.ZodType>(item: T) =>
  z
    .array(item, { error: 'variants must be a list' })
    .min(1, 'A product needs at least one variant')
    .max(MAX_VARIANTS, `A product can have at most ${MAX_VARIANTS} variants`);

export const variantsSchema = variantListSchema(variantInputSchema);

/**
 * The variants of a product patch: one with the `id` of an existing variant changes only the fields
 * it gives (the rest stay as stored); one without `id` is new and takes the input's defaults.
 */
const variantInPatchSchema = z
  .strictObject({
    id: z.string().min(1).max(128).optional(),
    sku: skuSchema.optional(),
    options: z.record(z.string(), z.string().trim()).optional(),
    price: priceSchema.optional(),
    compareAtPrice: priceSchema.nullable().optional(),
    stock: stockSchema.optional(),
    available: z.boolean({ error: 'Available must be true or false' }).optional(),
    imgUrl: imageUrlSchema.optional(),
    priceTiers: priceTiersSchema.optional(),
    weightGrams: weightGramsSchema.optional(),
    coldPack: coldPackSchema.optional(),
  })
  .superRefine((variant, ctx) => {
    if (variant.id === undefined && variant.price === undefined)
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'A new variant needs a price' });
  });
export type VariantInPatch = z.output<typeof variantInPatchSchema>;

export const variantsPatchSchema = variantListSchema(variantInPatchSchema);

/**
 * The fields of one variant that `shop variants update` and the admin change. Without the input's
 * defaults: a field left out is left as it is, never reset.
 */
export const variantPatchSchema = z
  .strictObject({
    sku: skuSchema,
    price: priceSchema,
    compareAtPrice: priceSchema.nullable(),
    stock: stockSchema,
    available: z.boolean({ error: 'Available must be true or false' }),
    imgUrl: imageUrlSchema,
    priceTiers: priceTiersSchema,
    weightGrams: weightGramsSchema,
    coldPack: coldPackSchema,
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'Nothing to update');
export type VariantPatch = z.output<typeof variantPatchSchema>;
export type VariantPatchInput = z.input<typeof variantPatchSchema>;

export interface VariantSetIssue {
  path: (string | number)[];
  message: string;
}

/**
 * What makes a set of options and variants coherent, the one place it is judged: option names and
 * values distinct, each variant naming exactly one value of every option, no two variants alike,
 * SKUs distinct, compare-at prices above prices, tiers leaving at least a cent a unit, and a product
 * without options having exactly one variant.
 */
export function variantSetIssues(
  options: readonly ProductOption[],
  variants: readonly (Pick<Variant, 'options' | 'sku' | 'price' | 'compareAtPrice'> & {
    id?: string;
    priceTiers?: readonly PriceTier[];
  })[],
): VariantSetIssue[] {
  const issues: VariantSetIssue[] = [];
  const seenNames = new Set<string>();
  options.forEach((option, i) => {
    const key = option.name.toLowerCase();
    if (seenNames.has(key))
      issues.push({ path: ['options', i, 'name'], message: `Option ${option.name} is given twice` });
    seenNames.add(key);
    const seenValues = new Set<string>();
    option.values.forEach((value, j) => {
      if (seenValues.has(value.toLowerCase()))
        issues.push({ path: ['options', i, 'values', j], message: `${option.name} ${value} is given twice` });
      seenValues.add(value.toLowerCase());
    });
  });
  if (options.length === 0 && variants.length !== 1)
    issues.push({ path: ['variants'], message: 'A product without options has exactly one variant' });
  // A lone variant has nothing to be told apart from (an import judges a million products, most
  // sold one way): the collections that find twins are made for two or more.
  const several = variants.length > 1;
  const seenCombos = several ? new Map<string, number>() : null;
  const seenSkus = several ? new Map<string, number>() : null;
  const seenIds = several ? new Set<string>() : null;
  variants.forEach((variant, i) => {
    for (const name of Object.keys(variant.options)) {
      if (!options.some((o) => o.name === name))
        issues.push({ path: ['variants', i, 'options', name], message: `There is no option ${name}` });
    }
    for (const option of options) {
      const value = variant.options[option.name];
      if (value === undefined)
        issues.push({ path: ['variants', i, 'options', option.name], message: `Choose a ${option.name}` });
      else if (!option.values.includes(value))
        issues.push({
          path: ['variants', i, 'options', option.name],
          message: `${value} is not one of the ${option.name} values (${option.values.join(', ')})`,
        });
    }
    if (seenCombos) {
      const combo = JSON.stringify(options.map((o) => variant.options[o.name] ?? ''));
      const twin = seenCombos.get(combo);
      if (twin !== undefined && options.length > 0)
        issues.push({
          path: ['variants', i, 'options'],
          message: `Variant ${twin + 1} has the same options`,
        });
      seenCombos.set(combo, i);
    }
    if (seenSkus && variant.sku !== '') {
      const key = skuKey(variant.sku);
      const other = seenSkus.get(key);
      if (other !== undefined)
        issues.push({
          path: ['variants', i, 'sku'],
          message: `SKU ${variant.sku} is also variant ${other + 1}'s`,
        });
      seenSkus.set(key, i);
    }
    if (variant.compareAtPrice !== null && toCents(variant.compareAtPrice) <= toCents(variant.price))
      issues.push({
        path: ['variants', i, 'compareAtPrice'],
        message: 'Compare-at price must be higher than the price',
      });
    variant.priceTiers?.forEach((tier, j) => {
      const message = tierPriceIssue(toCents(variant.price), tier);
      if (message) issues.push({ path: ['variants', i, 'priceTiers', j, 'percentOff'], message });
    });
    if (seenIds && variant.id !== undefined) {
      if (seenIds.has(variant.id))
        issues.push({ path: ['variants', i, 'id'], message: 'Variant ids must differ' });
      seenIds.add(variant.id);
    }
  });
  return issues;
}
