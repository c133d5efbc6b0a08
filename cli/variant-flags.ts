import type { FieldIssue } from '../shared/domain/errors.js';
import {
  FieldError,
  isNone,
  parseAvailable,
  parsePrice,
  parseStock,
  type SizesInput,
} from './product-fields.js';

/** What `shop products add` was given about sizes: repeated --option and --variant, and the defaults. */
export interface SizeFlags {
  option?: string[] | undefined;
  variant?: string[] | undefined;
  price?: string | undefined;
  stock?: string | undefined;
  compareAt?: string | undefined;
}

/** Options and variants from the flags, and the flag each came from, to name it in an error. */
export interface Sizes extends SizesInput {
  optionFlags: string[];
  variantFlags: string[];
}

const VARIANT_KEYS = ['sku', 'price', 'stock', 'compare-at', 'available'] as const;
type VariantKey = (typeof VARIANT_KEYS)[number];

const optionFlag = (text: string) => `option "${text}"`;
const variantFlag = (text: string) => `variant "${text}"`;

function parseOption(text: string): { name: string; values: string[] } {
  const at = text.indexOf('=');
  const name = at < 0 ? '' : text.slice(0, at).trim();
  if (!name)
    throw new FieldError(optionFlag(text), 'give an option as Name=value,value (e.g. Size=5mg,10mg)');
  return {
    name,
    values: text
      .slice(at + 1)
      .split(',')
      .map((v) => v.trim()),
  };
}

function fieldsOf(flag: string, text: string): Partial<Record<VariantKey, string>> {
  const fields: Partial<Record<VariantKey, string>> = {};
  for (const pair of text.split(',')) {
    if (pair.trim() === '') continue;
    const at = pair.indexOf('=');
    const key = (at < 0 ? pair : pair.slice(0, at)).trim().toLowerCase();
    if (at < 0 || !(VARIANT_KEYS as readonly string[]).includes(key))
      throw new FieldError(
        flag,
        `"${pair.trim()}" is not one of ${VARIANT_KEYS.map((k) => `${k}=`).join(', ')}`,
      );
    fields[key as VariantKey] = pair.slice(at + 1).trim();
  }
  return fields;
}

/** One --variant: its option values, then what it sets. */
function parseVariant(text: string, options: { name: string }[], defaults: SizeFlags) {
  const flag = variantFlag(text);
  const colon = text.indexOf(':');
  const values = (colon < 0 ? text : text.slice(0, colon)).split('/').map((v) => v.trim());
  if (values.length !== options.length)
    throw new FieldError(
      flag,
      `name one value of each option, in order, joined by / (${options.map((o) => o.name).join('/')})`,
    );
  const combo = Object.fromEntries(options.map((o, i) => [o.name, values[i]!]));
  return variantOf(flag, combo, fieldsOf(flag, colon < 0 ? '' : text.slice(colon + 1)), defaults);
}

/** A variant's input: what its --variant set, the product-wide --price, --stock, --compare-at filling in the rest. */
function variantOf(
  flag: string,
  options: Record<string, string>,
  given: Partial<Record<VariantKey, string>>,
  defaults: SizeFlags,
): Record<string, unknown> {
  const defaultFlags = { price: defaults.price, stock: defaults.stock, 'compare-at': defaults.compareAt };
  /** The value of a field, parsed, a bad one named by the flag it came from. */
  const value = <T>(key: VariantKey, parse: (text: string) => T, absent: T): T => {
    const text = given[key] ?? defaultFlags[key as keyof typeof defaultFlags];
    if (text === undefined) return absent;
    try {
      return parse(text);
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      throw given[key] === undefined
        ? new FieldError(key, error.message)
        : new FieldError(flag, `${key}=: ${error.message}`);
    }
  };
  if (given.price === undefined && defaults.price === undefined)
    throw new FieldError(flag, 'no price: give price= in it, or --price for every size');
  return {
    sku: given.sku ?? '',
    options,
    price: value('price', (t) => parsePrice(t), 0),
    compareAtPrice: value('compare-at', (t) => (isNone(t) ? null : parsePrice(t)), null),
    stock: value('stock', parseStock, null),
    available: value('available', parseAvailable, true),
  };
}

/** Every combination of the options' values, in order: Size × Form → 5mg/vial, 5mg/pen, 10mg/vial … */
function combinations(options: { name: string; values: string[] }[]): Record<string, string>[] {
  return options.reduce<Record<string, string>[]>(
    (combos, option) => combos.flatMap((combo) => option.values.map((v) => ({ ...combo, [option.name]: v }))),
    [{}],
  );
}

/**
 * The options and variants the flags describe, or null when they give none (a product sold one
 * way). Without --variant, every combination of the options' values is a variant at --price (and
 * --stock, --compare-at), without SKU; with --variant, exactly the sizes given are.
 */
export function sizesFromFlags(flags: SizeFlags): { sizes: Sizes | null; issues: FieldIssue[] } {
  const optionTexts = flags.option ?? [];
  const variantTexts = flags.variant ?? [];
  if (optionTexts.length === 0 && variantTexts.length === 0) return { sizes: null, issues: [] };
  try {
    if (optionTexts.length === 0)
      throw new FieldError('variant', 'needs --option first, e.g. --option Size=5mg,10mg');
    const options = optionTexts.map(parseOption);
    if (variantTexts.length > 0) {
      const variants = variantTexts.map((text) => parseVariant(text, options, flags));
      return {
        sizes: {
          options,
          variants,
          optionFlags: optionTexts.map(optionFlag),
          variantFlags: variantTexts.map(variantFlag),
        },
        issues: [],
      };
    }
    if (flags.price === undefined)
      throw new FieldError(
        'price',
        'Price is required: with --option and no --variant it is every size’s price',
      );
    const variants = combinations(options).map((combo) => variantOf('option', combo, {}, flags));
    return {
      sizes: {
        options,
        variants,
        optionFlags: optionTexts.map(optionFlag),
        variantFlags: variants.map(() => 'option'),
      },
      issues: [],
    };
  } catch (error) {
    if (error instanceof FieldError)
      return { sizes: null, issues: [{ field: error.field, message: error.message }] };
    throw error;
  }
}

/** The flag a checked product's problem is about: `variants.1.sku` is the second --variant's. */
export function flagOfField(field: string, sizes: Sizes | null): string {
  if (!sizes) return field;
  const variant = /^variants\.(\d+)/.exec(field);
  if (variant) return sizes.variantFlags[Number(variant[1])] ?? 'variant';
  const option = /^options\.(\d+)/.exec(field);
  if (option) return sizes.optionFlags[Number(option[1])] ?? 'option';
  if (field === 'variants') return sizes.variantFlags.every((f) => f === 'option') ? 'option' : 'variant';
  if (field === 'options') return 'option';
  return field;
}
