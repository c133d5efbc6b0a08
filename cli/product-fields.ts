import type { FieldIssue } from '../shared/domain/errors.js';
import {
  type NewProduct,
  newProductSchema,
  type ProductPatch,
  productPatchSchema,
} from '../shared/domain/product.js';
import { NATIVE_COLUMNS } from './import/native-columns.js';

/** Product fields as text, as command-line options give them; absent ones undefined. */
interface FieldTexts {
  name?: string | undefined;
  price?: string | undefined;
  description?: string | undefined;
  category?: string | undefined;
  brand?: string | undefined;
  stock?: string | undefined;
  available?: string | undefined;
  image?: string | undefined;
}

/** Fields as the command line gives them (each a flag), named as our CSV's columns are. */
export interface FlagTexts extends FieldTexts {
  sku?: string | undefined;
  compareAt?: string | undefined;
  cas?: string | undefined;
  formula?: string | undefined;
  mw?: string | undefined;
  sequence?: string | undefined;
  purity?: string | undefined;
  form?: string | undefined;
  storage?: string | undefined;
}

/** Options and variants as `--option` and `--variant` gave them (see variant-flags.ts), numbers parsed. */
export interface SizesInput {
  options: { name: string; values: string[] }[];
  variants: Record<string, unknown>[];
}

/** The text field (CSV column or flag) a schema path is reported as; other paths stay as they are. */
const FIELD_OF_PATH: Record<string, string> = {
  imgUrl: 'image',
  compareAtPrice: 'compare-at',
  'specs.casNumber': 'cas',
  'specs.molecularFormula': 'formula',
  'specs.molecularWeight': 'mw',
  'specs.sequence': 'sequence',
  'specs.purity': 'purity',
  'specs.form': 'form',
  'specs.storage': 'storage',
};
/** The flags that set one spec each (`--mw`, a number, is read apart). */
export const SPEC_OF_FLAG = {
  cas: 'casNumber',
  formula: 'molecularFormula',
  sequence: 'sequence',
  purity: 'purity',
  form: 'form',
  storage: 'storage',
} as const;
export type SpecFlag = keyof typeof SPEC_OF_FLAG;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const TRUE = new Set(['true', 'yes', 'y', '1', 'on', 'available', 'active']);
const FALSE = new Set(['false', 'no', 'n', '0', 'off', 'unavailable', 'draft', 'archived']);

export class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export function parsePrice(text: string, field = 'price'): number {
  const t = text.trim();
  if (!NUMBER.test(t)) throw new FieldError(field, `Price must be a number, not "${text}"`);
  return Number(t);
}

export function parseStock(text: string): number | null {
  const t = text.trim();
  if (t === '' || t.toLowerCase() === 'none') return null;
  if (!NUMBER.test(t))
    throw new FieldError('stock', `Stock must be a whole number, or "none" when not tracked, not "${text}"`);
  return Number(t);
}

export function parseAvailable(text: string): boolean {
  const t = text.trim().toLowerCase();
  if (t === '' || TRUE.has(t)) return true;
  if (FALSE.has(t)) return false;
  throw new FieldError('available', `Available must be true or false, not "${text}"`);
}

let sanitize: ((html: string) => string) | null = null;

/** Loads the HTML sanitiser once; plain text without markup needs none, which keeps big imports fast. */
export async function loadSanitizer(): Promise<void> {
  sanitize ??= (await import('../shared/backend/sanitize/description.js')).sanitizeDescription;
}

function cleanDescription(text: string): string {
  if (!/[<>&]/.test(text)) return text.trim();
  if (!sanitize) throw new Error('loadSanitizer() must run before cleanDescription()');
  return sanitize(text);
}

function issuesOf(error: { issues: { path: PropertyKey[]; message: string }[] }): FieldIssue[] {
  return error.issues.map((i) => {
    const path = i.path.map(String).join('.');
    return { field: FIELD_OF_PATH[path] ?? path, message: i.message };
  });
}

function attempt<T>(make: () => T): { value: T } | { issues: FieldIssue[] } {
  try {
    return { value: make() };
  } catch (error) {
    if (error instanceof FieldError) return { issues: [{ field: error.field, message: error.message }] };
    throw error;
  }
}

export type Checked<T> = { ok: true; value: T } | { ok: false; issues: FieldIssue[] };

/** The texts given, parsed into the schemas' input shape; absent texts stay absent. */
function rawFields(texts: FlagTexts): { raw: Record<string, unknown>; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const raw: Record<string, unknown> = {};
  const put = (key: string, make: () => unknown) => {
    const result = attempt(make);
    if ('value' in result) raw[key] = result.value;
    else issues.push(...result.issues);
  };
  if (texts.name !== undefined) raw.name = texts.name;
  if (texts.price !== undefined) put('price', () => parsePrice(texts.price!));
  if (texts.stock !== undefined) put('stock', () => parseStock(texts.stock!));
  if (texts.available !== undefined) put('available', () => parseAvailable(texts.available!));
  if (texts.description !== undefined) raw.description = cleanDescription(texts.description);
  if (texts.category !== undefined) raw.category = texts.category;
  if (texts.brand !== undefined) raw.brand = texts.brand;
  if (texts.image !== undefined) raw.imgUrl = texts.image;
  if (texts.sku !== undefined) raw.sku = texts.sku;
  if (texts.compareAt !== undefined)
    put('compareAtPrice', () =>
      isNone(texts.compareAt!) ? null : parsePrice(texts.compareAt!, 'compare-at'),
    );
  const specs: Record<string, unknown> = {};
  for (const [flag, key] of Object.entries(SPEC_OF_FLAG)) {
    const text = texts[flag as keyof typeof SPEC_OF_FLAG];
    if (text !== undefined) specs[key] = text;
  }
  if (texts.mw !== undefined) {
    const mw = texts.mw.trim();
    if (mw === '') specs.molecularWeight = undefined;
    else if (NUMBER.test(mw)) specs.molecularWeight = Number(mw);
    else
      issues.push({ field: 'mw', message: `Molecular weight must be a number (g/mol), not "${texts.mw}"` });
  }
  if (Object.keys(specs).length > 0) raw.specs = specs;
  return { raw, issues };
}

/** `none` or nothing: a value not set (stock not tracked, no compare-at price). */
export const isNone = (text: string) => ['', 'none'].includes(text.trim().toLowerCase());

/**
 * A new product from texts, checked by the same schema as the API's; description sanitised. With
 * `sizes`, the product comes in those options and variants, which already hold price and stock.
 */
export function checkNewProduct(
  texts: FlagTexts,
  sizes?: SizesInput,
): Checked<{ product: NewProduct; available: boolean }> {
  const priceGiven = texts.price !== undefined && texts.price.trim() !== '';
  const { raw, issues } = rawFields({
    ...texts,
    name: texts.name ?? '',
    price: priceGiven && !sizes ? texts.price : undefined,
    ...(sizes ? { stock: undefined, compareAt: undefined } : {}),
  });
  if (sizes) {
    raw.options = sizes.options;
    raw.variants = sizes.variants;
  }
  const { available = true, ...fields } = raw;
  const parsed = newProductSchema.safeParse(fields);
  if (!parsed.success) {
    const seen = new Set(issues.map((i) => i.field));
    issues.push(...issuesOf(parsed.error).filter((i) => !seen.has(i.field)));
    if (!priceGiven && !sizes)
      for (const i of issues) if (i.field === 'price') i.message = 'Price is required';
  }
  if (issues.length > 0 || !parsed.success) return { ok: false, issues: sortByField(issues) };
  return { ok: true, value: { product: parsed.data, available: available as boolean } };
}

/** A patch from texts; only the fields given are changed (specs replace the product's specs). */
export function checkPatch(texts: FlagTexts): Checked<ProductPatch> {
  const { raw, issues } = rawFields(texts);
  if (issues.length > 0) return { ok: false, issues };
  const parsed = productPatchSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, issues: issuesOf(parsed.error) };
  return { ok: true, value: parsed.data };
}

/** Complaints in the order of our CSV's columns, as the flags are listed. */
const sortByField = (issues: FieldIssue[]) =>
  issues.sort(
    (a, b) =>
      (NATIVE_COLUMNS as readonly string[]).indexOf(a.field) -
      (NATIVE_COLUMNS as readonly string[]).indexOf(b.field),
  );
