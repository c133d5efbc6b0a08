import type { FieldIssue } from '../../../shared/domain/errors.js';
import { formatPrice } from '../../../shared/domain/money.js';
import { newProductSchema, type Product, type ProductPatchInput } from '../../../shared/domain/product.js';
import { type ProductSpecs, SPEC_LABELS } from '../../../shared/domain/specs.js';
import {
  blankVariant,
  choiceRecord,
  isSingle,
  type OptionValues,
  rowTitle,
  sendsShippingFacts,
  type VariantSet,
  type VariantValues,
} from './variant-rows.js';

export type SpecKey = keyof ProductSpecs;
export const SPEC_KEYS = Object.keys(SPEC_LABELS) as SpecKey[];
export type SpecValues = Record<SpecKey, string>;

/** The editor's fields as typed; numbers stay text until saved so half-typed values are kept. */
export interface ProductFormValues extends VariantSet {
  name: string;
  category: string;
  brand: string;
  available: boolean;
  description: string;
  imgUrl: string;
  /** The gallery after the main image, in order. */
  images: string[];
  /** As typed: comma-separated. */
  tags: string;
  specs: SpecValues;
}

const EMPTY_SPECS = Object.fromEntries(SPEC_KEYS.map((key) => [key, ''])) as SpecValues;

export const EMPTY_FORM: ProductFormValues = {
  name: '',
  category: '',
  brand: '',
  available: true,
  description: '',
  imgUrl: '',
  images: [],
  tags: '',
  options: [],
  variants: [blankVariant()],
  specs: EMPTY_SPECS,
};

const money = (price: number | null) => (price === null ? '' : price.toFixed(2));

export function formValuesOf(p: Product): ProductFormValues {
  const options: OptionValues[] = p.options.map((o) => ({ name: o.name, values: [...o.values] }));
  const variants: VariantValues[] = p.variants.map((v) => ({
    id: v.id,
    choice: p.options.map((o) => v.options[o.name] ?? ''),
    sku: v.sku,
    price: money(v.price),
    compareAtPrice: money(v.compareAtPrice),
    stock: v.stock === null ? '' : String(v.stock),
    available: v.available,
    imgUrl: v.imgUrl,
    weightGrams: v.weightGrams == null ? '' : String(v.weightGrams),
    coldPack: v.coldPack ?? false,
    priceTiers: (v.priceTiers ?? []).map((t) => ({
      minQuantity: String(t.minQuantity),
      percentOff: String(t.percentOff),
    })),
    ...(v.priceTiers !== undefined || v.weightGrams !== undefined || v.coldPack !== undefined
      ? { shipsWithFacts: true as const }
      : {}),
  }));
  const specs = { ...EMPTY_SPECS };
  for (const key of SPEC_KEYS) if (p.specs[key] !== undefined) specs[key] = String(p.specs[key]);
  return {
    name: p.name,
    category: p.category,
    brand: p.brand,
    available: p.available,
    description: p.description,
    imgUrl: p.imgUrl,
    images: [...p.images],
    tags: p.tags.join(', '),
    options,
    variants,
    specs,
  };
}

/** Tags as typed, comma-separated (as every CSV format keeps them), into the list the API takes. */
const tagsFromText = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');

/**
 * Empty paragraphs at either end are the editor's leftovers (an empty editor holds `<p></p>`).
 * @internal
 */
export const tidyDescription = (html: string) =>
  html.replace(/^(\s*<p>(\s|<br\s*\/?>)*<\/p>)+|(<p>(\s|<br\s*\/?>)*<\/p>\s*)+$/g, '').trim();

/** Problems by the API's field path: `name`, `variants.1.sku`, `specs.casNumber`, `options.0.values`… */
export type ProductFieldErrors = Record<string, string | undefined>;

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** A row's weight, cold pack and tiers as the API takes them, once they are to be sent (sendsShippingFacts). */
function shippingFactsOf(row: VariantValues) {
  if (!sendsShippingFacts(row)) return {};
  return {
    priceTiers: row.priceTiers.map((t) => ({
      minQuantity: number(t.minQuantity),
      percentOff: number(t.percentOff),
    })),
    weightGrams: numberOrNull(row.weightGrams),
    coldPack: row.coldPack,
  };
}

/** The form's values in the API's types, unchecked: options and every variant, as the API takes them. */
function rawInput(values: ProductFormValues) {
  const specs: Record<string, unknown> = {};
  for (const key of SPEC_KEYS) {
    const text = values.specs[key].trim();
    if (text !== '') specs[key] = key === 'molecularWeight' ? Number(text) : text;
  }
  return {
    name: values.name,
    category: values.category,
    brand: values.brand,
    description: tidyDescription(values.description),
    imgUrl: values.imgUrl,
    images: values.images,
    tags: tagsFromText(values.tags),
    specs: specs as ProductSpecs,
    options: values.options.map((o) => ({ name: o.name, values: o.values })),
    variants: values.variants.map((v) => ({
      ...(v.id === undefined ? {} : { id: v.id }),
      sku: v.sku,
      options: choiceRecord(values.options, v.choice),
      price: number(v.price),
      compareAtPrice: numberOrNull(v.compareAtPrice),
      stock: numberOrNull(v.stock),
      available: v.available,
      imgUrl: v.imgUrl,
      ...shippingFactsOf(v),
    })),
  };
}
export type ProductInput = ReturnType<typeof rawInput>;

/** Checks the fields with the same schema the server uses; returns the input or the errors by field. */
export function toProductInput(
  values: ProductFormValues,
): { input: ProductInput; errors: null } | { input: null; errors: ProductFieldErrors } {
  const input = rawInput(values);
  const result = newProductSchema.safeParse(input);
  if (result.success) return { input, errors: null };
  return {
    input: null,
    errors: fieldErrors(result.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }))),
  };
}

/** The fields of a product sold one way, which the API also names without `variants.0.`. */
const SINGLE_FIELDS = ['sku', 'price', 'compareAtPrice', 'stock'] as const;
type SingleField = (typeof SINGLE_FIELDS)[number];
const isSingleField = (field: string): field is SingleField =>
  (SINGLE_FIELDS as readonly string[]).includes(field);

export function fieldErrors(issues: readonly FieldIssue[]): ProductFieldErrors {
  const errors: ProductFieldErrors = {};
  for (const { field, message } of issues) {
    const key = isSingleField(field) ? `variants.0.${field}` : field;
    errors[key] ??=
      /(^|\.)price$/.test(key) && message.includes('number') ? 'Enter a price, e.g. 49.99' : message;
  }
  return errors;
}

/** Errors whose path starts with `prefix` (a row's or an option's), each once. */
export function errorsUnder(errors: ProductFieldErrors, prefix: string): string[] {
  const messages = Object.entries(errors)
    .filter(([key, message]) => message && (key === prefix || key.startsWith(`${prefix}.`)))
    .map(([, message]) => message as string);
  return [...new Set(messages)];
}

export function withoutErrorsUnder(errors: ProductFieldErrors, prefix: string): ProductFieldErrors {
  return Object.fromEntries(
    Object.entries(errors).filter(([key]) => key !== prefix && !key.startsWith(`${prefix}.`)),
  );
}

/** Every field of the editor that a comparison names, in the order the editor shows them. */
export const PRODUCT_FIELDS = [
  'name',
  'sku',
  'price',
  'compareAtPrice',
  'category',
  'brand',
  'tags',
  'stock',
  'available',
  'variants',
  'specs',
  'imgUrl',
  'images',
  'description',
] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];

export const PRODUCT_FIELD_LABELS: Record<ProductField, string> = {
  name: 'Name',
  sku: 'SKU',
  price: 'Price',
  compareAtPrice: 'Compare-at price',
  category: 'Category',
  brand: 'Brand',
  tags: 'Tags',
  stock: 'Stock',
  available: 'Available',
  variants: 'Options and variants',
  specs: 'Specifications',
  imgUrl: 'Image',
  images: 'Gallery',
  description: 'Description',
};

/**
 * Each field as it would be saved; spacing the server trims away is no change. A product sold one
 * way compares its only variant's SKU, price, compare-at price and stock as plain fields (and sends
 * them so); otherwise the options and all variants are one field, sent whole.
 */
function comparable(values: ProductFormValues): Record<ProductField, unknown> {
  const input = rawInput(values);
  const single = isSingle(values);
  const only = single ? input.variants[0] : undefined;
  const trimmed = (text: string) => text.trim();
  return {
    name: trimmed(input.name),
    sku: only ? trimmed(only.sku) : null,
    price: only ? only.price : null,
    compareAtPrice: only ? only.compareAtPrice : null,
    category: trimmed(input.category),
    brand: trimmed(input.brand),
    tags: JSON.stringify(input.tags),
    stock: only ? only.stock : null,
    available: values.available,
    variants: JSON.stringify({
      options: input.options.map((o) => ({ name: o.name.trim(), values: o.values })),
      variants: single
        ? [
            {
              id: only?.id ?? null,
              available: only?.available,
              priceTiers: only?.priceTiers,
              weightGrams: only?.weightGrams,
              coldPack: only?.coldPack,
            },
          ]
        : input.variants.map((v) => ({ ...v, id: v.id ?? null, sku: v.sku.trim() })),
    }),
    specs: JSON.stringify(input.specs),
    imgUrl: trimmed(input.imgUrl),
    images: JSON.stringify(input.images),
    description: input.description,
  };
}

/** The fields whose saved value differs between two states of the form. */
export function changedFields(from: ProductFormValues, to: ProductFormValues): ProductField[] {
  const a = comparable(from);
  const b = comparable(to);
  const changed = PRODUCT_FIELDS.filter((field) => !Object.is(a[field], b[field]));
  // Options and variants sent whole carry the one variant's fields too.
  return changed.includes('variants') ? changed.filter((f) => !isSingleField(f)) : changed;
}

/** What an edit sends: only the fields the admin changed, so it never writes back a value it did not change. */
export function editPatch(
  opened: ProductFormValues,
  edited: ProductFormValues,
  checked: ProductInput,
): ProductPatchInput {
  const patch: Record<string, unknown> = {};
  for (const field of changedFields(opened, edited)) {
    if (field === 'available') patch.available = edited.available;
    else if (field === 'variants') {
      patch.options = checked.options;
      patch.variants = checked.variants;
    } else if (isSingleField(field)) patch[field] = checked.variants[0]?.[field];
    else patch[field] = checked[field];
  }
  return patch as ProductPatchInput;
}

const VARIANT_FIELDS = [
  'sku',
  'price',
  'compareAtPrice',
  'stock',
  'available',
  'imgUrl',
  'weightGrams',
  'coldPack',
  'priceTiers',
] as const;
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The admin's rows made again onto the current product: per stored variant, each field the admin
 * changed is theirs and every other field (stock orders took, a price another admin set) is the
 * current one; variants deleted meanwhile are dropped, variants added meanwhile kept when they fit.
 */
function mergedVariants(
  opened: ProductFormValues,
  mine: ProductFormValues,
  current: ProductFormValues,
): VariantValues[] {
  const byId = (rows: VariantValues[], id: string | undefined) =>
    id === undefined ? undefined : rows.find((r) => r.id === id);
  const rows: VariantValues[] = [];
  for (const row of mine.variants) {
    if (row.id === undefined) {
      rows.push(row);
      continue;
    }
    const now = byId(current.variants, row.id);
    if (!now) continue;
    const before = byId(opened.variants, row.id) ?? row;
    const merged: VariantValues = { ...row };
    for (const key of VARIANT_FIELDS)
      (merged as unknown as Record<string, unknown>)[key] = sameValue(row[key], before[key])
        ? now[key]
        : row[key];
    rows.push(merged);
  }
  const fits = (row: VariantValues) =>
    row.choice.length === mine.options.length &&
    row.choice.every((v, i) => mine.options[i]?.values.includes(v));
  for (const row of current.variants) {
    if (!byId(opened.variants, row.id) && !byId(mine.variants, row.id) && fits(row)) rows.push(row);
  }
  return rows;
}

/** The admin's own changes (from `opened` to `mine`) made again onto `current`. */
export function reapplyChanges(
  opened: ProductFormValues,
  mine: ProductFormValues,
  current: ProductFormValues,
): ProductFormValues {
  const result: ProductFormValues = { ...current };
  for (const field of changedFields(opened, mine)) {
    if (field === 'variants') {
      result.options = mine.options;
      result.variants = mergedVariants(opened, mine, current);
    } else if (isSingleField(field)) {
      const [only] = result.variants;
      if (isSingle(current) && only)
        result.variants = [{ ...only, [field]: mine.variants[0]?.[field] ?? '' }];
    } else (result as unknown as Record<string, unknown>)[field] = mine[field];
  }
  return result;
}

/** An image as the admin tells it apart: its file name. */
export const imageName = (url: string) => url.slice(url.lastIndexOf('/') + 1) || url;

function shownPrice(text: string): string {
  const price = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(price) ? formatPrice(price) : text || '(none)';
}
const shownStock = (text: string) => (text.trim() === '' ? 'Not tracked' : text.trim());

/** A size's weight, cold pack and tiers as the comparison names them; nothing when none is set. */
function shownShippingFacts(v: VariantValues): string[] {
  const facts: string[] = [];
  if (v.weightGrams.trim()) facts.push(`${v.weightGrams.trim()} g`);
  if (v.coldPack) facts.push('cold pack');
  for (const t of v.priceTiers) facts.push(`${t.minQuantity}+ at ${t.percentOff}% off`);
  return facts;
}

function shownVariants(values: ProductFormValues): string {
  if (isSingle(values)) {
    const only = values.variants[0];
    const text = only?.available ? 'Sold one way' : 'Sold one way; cannot be bought';
    const facts = only ? shownShippingFacts(only) : [];
    return facts.length ? `${text}; ${facts.join(', ')}` : text;
  }
  return values.variants
    .map((v) => {
      const facts = [shownPrice(v.price), `stock ${shownStock(v.stock)}`];
      if (v.sku.trim()) facts.unshift(v.sku.trim());
      if (!v.available) facts.push('unavailable');
      if (v.imgUrl) facts.push(`image ${imageName(v.imgUrl)}`);
      facts.push(...shownShippingFacts(v));
      return `${rowTitle(v) || '(no options)'}: ${facts.join(', ')}`;
    })
    .join('; ');
}

/** A field's value as the admin reads it in a comparison. */
export function shownValue(values: ProductFormValues, field: ProductField): string {
  const only = isSingle(values) ? values.variants[0] : undefined;
  switch (field) {
    case 'price':
    case 'compareAtPrice':
      return only ? shownPrice(only[field]) : 'Per variant';
    case 'stock':
      return only ? shownStock(only.stock) : 'Per variant';
    case 'sku':
      return only ? only.sku.trim() || '(none)' : 'Per variant';
    case 'available':
      return values.available ? 'Yes' : 'No';
    case 'images':
      return values.images.map(imageName).join(', ') || '(none)';
    case 'tags':
      return tagsFromText(values.tags).join(', ') || '(none)';
    case 'variants':
      return shownVariants(values);
    case 'specs': {
      const shown = SPEC_KEYS.filter((k) => values.specs[k].trim()).map(
        (k) => `${SPEC_LABELS[k]} ${values.specs[k].trim()}`,
      );
      return shown.join('; ') || '(none)';
    }
    case 'description': {
      const text = tidyDescription(values.description)
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      return text.length > 120 ? `${text.slice(0, 119)}…` : text || '(empty)';
    }
    default:
      return values[field].trim() || '(empty)';
  }
}
