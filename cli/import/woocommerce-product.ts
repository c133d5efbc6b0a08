import { toCents } from '../../shared/domain/money.js';
import { FieldError, parsePrice, parseStock } from '../product-fields.js';
import type { ImportedProduct } from './imported-product.js';
import {
  cellOf,
  descriptionOf,
  listOf,
  unescapeCell,
  type WooColumns,
  type WooField,
} from './woocommerce-columns.js';
import { type NoteOrigin, WooNotes } from './woocommerce-notes.js';

/** One row of the file: its number (the header is row 1) and its cells. */
export interface WooRow {
  row: number;
  record: string[];
}

/** The product kinds of WooCommerce; a Type cell may add flags ("simple, downloadable, virtual"). */
export function typeOf(columns: WooColumns, record: string[]): { kind: string; flags: string[] } {
  const text = cellOf(columns, record, 'type') ?? '';
  if (!text.includes(',')) return { kind: text.toLowerCase(), flags: [] };
  const [kind = '', ...flags] = listOf(text).map((t) => t.toLowerCase());
  return { kind, flags };
}

type Input = ImportedProduct['input'];
type VariantInput = NonNullable<Input['variants']>[number];

/** A product sold one way: one row. */
export function simpleProduct(columns: WooColumns, r: WooRow): ImportedProduct {
  const notes = new WooNotes(columns, r.row);
  const input = productFields(columns, r, notes);
  keepsNoAttributes(columns, r, notes, new Set());
  const size = sizeOf(columns, r, notes);
  notes.locate = (path) => productOrigin(columns, r, size, path);
  if (size.price !== undefined) input.price = size.price;
  input.compareAtPrice = size.compareAtPrice;
  if (size.stock !== undefined) input.stock = size.stock;
  input.sku = size.sku;
  // WooCommerce lets the exporter choose the columns: an update changes only what the file has.
  const has = (...fields: WooField[]) => fields.some((f) => columns.at[f] !== undefined);
  if (has('regularPrice', 'salePrice')) notes.fields.add('price').add('compareAtPrice');
  if (has('stock', 'inStock', 'manageStock')) notes.fields.add('stock');
  if (has('sku')) notes.fields.add('sku');
  return done([r.row], input, notes);
}

/**
 * A variable product: its parent row and its variation rows, each variation a variant. Attributes
 * the variations name become the options; the parent's others are reported as not kept.
 */
export function variableProduct(columns: WooColumns, parent: WooRow, variations: WooRow[]): ImportedProduct {
  const notes = new WooNotes(columns, Math.min(parent.row, ...variations.map((v) => v.row)));
  const input = productFields(columns, parent, notes);
  const parentAttributes = attributesOf(columns, parent.record);
  const named = new Set<string>();
  const perVariation = variations.map((v) => {
    const attributes = attributesOf(columns, v.record);
    for (const a of attributes) named.add(a.name.toLowerCase());
    return attributes;
  });
  const options = parentAttributes.filter((a) => named.has(a.name.toLowerCase()));
  keepsNoAttributes(columns, parent, notes, named);
  const variants: VariantInput[] = [];
  /** The row, size and attributes each variant came from (an "any" variation makes several). */
  const sources: { row: number; size: Size; attributes: Attribute[] }[] = [];
  const taken = new Set<string>();
  const combo = (values: Record<string, string>) => JSON.stringify(options.map((o) => values[o.name]));
  // Variations naming every value first: where an "any" one also covers their values, theirs counts.
  const ordered = variations
    .map((v, i) => ({
      v,
      attributes: perVariation[i]!,
      position: Number(cellOf(columns, v.record, 'position')),
    }))
    .sort((a, b) => (a.position || 0) - (b.position || 0) || a.v.row - b.v.row);
  const anyOf = (attributes: Attribute[]) =>
    options.filter((o) => !attributes.some((a) => sameName(a, o) && a.values.length > 0));
  for (const { v, attributes } of [
    ...ordered.filter((o) => anyOf(o.attributes).length === 0),
    ...ordered.filter((o) => anyOf(o.attributes).length > 0),
  ]) {
    for (const a of attributes)
      if (!options.some((o) => sameName(o, a)))
        notes.problem(
          v.row,
          a.nameColumn,
          `${a.name} is not one of the parent product's attributes (row ${parent.row})`,
        );
    const fixed: Record<string, string> = {};
    for (const o of options) {
      const given = attributes.find((a) => sameName(a, o))?.values[0];
      if (given !== undefined)
        fixed[o.name] = o.values.find((x) => x.toLowerCase() === given.toLowerCase()) ?? given;
    }
    const anyOptions = anyOf(attributes);
    // Two variations with the same values are left for the product rules to name; what an "any"
    // variation covers is only what no variation of its own has.
    const combos = expand(fixed, anyOptions).filter((c) => anyOptions.length === 0 || !taken.has(combo(c)));
    const size = sizeOf(columns, v, notes);
    const source = { row: v.row, size, attributes };
    if (anyOptions.length > 0 && combos.length === 0)
      notes.warn(
        v.row,
        columnOfAttribute(attributes, anyOptions[0]!) ?? null,
        `takes ${anyOptions.map((o) => `any ${o.name}`).join(' and ')} in WooCommerce, but every one has a variation of its own: not imported`,
      );
    else if (anyOptions.length > 0) {
      const what = anyOptions.map((o) => `any ${o.name}`).join(' and ');
      if (combos.length > 1 && size.stock !== null && size.stock !== undefined)
        notes.problem(
          v.row,
          'stock',
          `this variation takes ${what} and counts ${size.stock} in stock for them together; the shop counts stock per variant — give each ${anyOptions.map((o) => o.name).join(' and ')} its own variation, or clear Stock`,
        );
      else
        notes.warn(
          v.row,
          columnOfAttribute(attributes, anyOptions[0]!) ?? null,
          `takes ${what} in WooCommerce: imported as ${combos.length} variant${combos.length === 1 ? '' : 's'} (${combos.map((c) => anyOptions.map((o) => c[o.name]).join(' / ')).join(', ')})${size.sku && combos.length > 1 ? `, SKUs ${size.sku}-…` : ''}`,
        );
    }
    const available = availableOf(columns, v, notes) ?? true;
    const [image] = listOf(cellOf(columns, v.record, 'images'));
    for (const values of combos) {
      taken.add(combo(values));
      const suffix =
        combos.length > 1 ? anyOptions.map((o) => values[o.name]!.replace(/\s+/g, '-')).join('-') : '';
      variants.push({
        sku: size.sku && suffix ? `${size.sku}-${suffix}` : size.sku,
        options: values,
        price: size.price as number,
        compareAtPrice: size.compareAtPrice,
        stock: size.stock ?? null,
        available,
        ...(image ? { imgUrl: image } : {}),
      });
      sources.push(source);
    }
    const images = listOf(cellOf(columns, v.record, 'images'));
    if (images.length > 1)
      notes.warn(
        v.row,
        'images',
        `a variant has one image: ${images.length - 1} more not kept (${images.slice(1).join(', ')})`,
      );
    const own = descriptionOf(cellOf(columns, v.record, 'description') ?? '');
    if (own !== '' && own !== input.description)
      notes.warn(
        v.row,
        'description',
        "a variation's own description is not kept: variants have none in this shop",
      );
  }
  if (variations.length === 0)
    notes.problem(
      parent.row,
      'type',
      'a variable product without variations in this file: nothing of it can be bought',
    );
  input.options = options.map((o) => ({ name: o.name, values: o.values }));
  input.variants = variants;
  notes.fields.add('options').add('variants');
  notes.locate = (path) => {
    const [head, index, field, name] = path;
    if (head === 'options') return { row: parent.row, column: options[Number(index)]?.valuesColumn ?? null };
    if (head !== 'variants') return productOrigin(columns, parent, null, path);
    const source = sources[Number(index)];
    if (!source) return { row: parent.row, column: null };
    if (field === 'options')
      return {
        row: source.row,
        column:
          source.attributes.find((a) => a.name.toLowerCase() === name?.toLowerCase())?.valuesColumn ?? null,
      };
    return { row: source.row, column: field === undefined ? null : columnOf(field, source.size) };
  };
  return done(
    [parent.row, ...variations.map((v) => v.row)].sort((a, b) => a - b),
    input,
    notes,
  );
}

/** A row the shop cannot import, with the reason: it is reported as a product of its own that is not written. */
export function refusedRow(
  columns: WooColumns,
  r: WooRow,
  column: WooField | null,
  message: string,
): ImportedProduct {
  const notes = new WooNotes(columns, r.row);
  notes.problem(r.row, column, message);
  return done([r.row], { name: cellOf(columns, r.record, 'name') ?? '' }, notes);
}

function done(rows: number[], input: Input, notes: WooNotes): ImportedProduct {
  return {
    rows,
    input,
    fields: notes.fields,
    origin: notes.origin,
    warnings: notes.warnings,
    problems: notes.problems,
  };
}

/** What a product row says of the product as a whole (not of what is bought: see sizeOf). */
function productFields(columns: WooColumns, r: WooRow, notes: WooNotes): Input {
  const cell = (field: WooField) => cellOf(columns, r.record, field);
  const input: Input = { name: cell('name') ?? '' };
  notes.fields.add('name');

  const short = cell('shortDescription');
  const long = cell('description');
  if (short !== undefined || long !== undefined) {
    input.description = joinDescriptions(descriptionOf(short ?? ''), descriptionOf(long ?? ''));
    notes.fields.add('description');
  }

  const images = cell('images');
  if (images !== undefined) {
    const [first = '', ...rest] = listOf(images);
    input.imgUrl = first;
    input.images = rest;
    notes.fields.add('imgUrl');
    notes.fields.add('images');
  }

  const categories = cell('categories');
  const tags = cell('tags');
  if (categories !== undefined || tags !== undefined) {
    // "Peptides > Recovery, Bestsellers": the first category's own name is the category; the others' are tags.
    const [first, ...others] = listOf(categories).map(
      (path) =>
        path
          .split('>')
          .map((s) => s.trim())
          .at(-1) ?? '',
    );
    if (categories !== undefined) {
      input.category = first ?? '';
      notes.fields.add('category');
    }
    // Repeats (in any case) are dropped by the product rules.
    input.tags = [...listOf(tags), ...others];
    notes.fields.add('tags');
  }

  const brands = cell('brands');
  if (brands !== undefined) {
    const [brand = '', ...more] = listOf(brands);
    input.brand = brand;
    if (more.length) notes.warn(r.row, 'brands', `a product has one brand here: ${more.join(', ')} not kept`);
    notes.fields.add('brand');
  }

  const available = availableOf(columns, r, notes);
  if (available !== undefined) {
    input.available = available;
    notes.fields.add('available');
  }
  if (cell('visibility')?.toLowerCase() === 'hidden')
    notes.warn(
      r.row,
      'visibility',
      'hidden from the catalogue in WooCommerce: here it is listed while it is available',
    );
  if (typeOf(columns, r.record).flags.includes('downloadable'))
    notes.warn(r.row, 'type', 'downloadable in WooCommerce: its download files are not imported');
  return input;
}

/** The column each input field of a product or variant is read from (see productFields and sizeOf). */
const COLUMN_OF_FIELD: Record<string, WooField> = {
  name: 'name',
  imgUrl: 'images',
  images: 'images',
  category: 'categories',
  brand: 'brands',
  available: 'published',
  sku: 'sku',
  stock: 'stock',
  compareAtPrice: 'regularPrice',
};

function columnOf(field: string, size: Size | null): WooField | null {
  if (field === 'price') return size?.priceColumn ?? 'regularPrice';
  return COLUMN_OF_FIELD[field] ?? null;
}

/** Where a product-level field came from: the simple or parent row; `size` for a simple product's price. */
function productOrigin(columns: WooColumns, r: WooRow, size: Size | null, [field]: string[]): NoteOrigin {
  if (field === 'description')
    return {
      row: r.row,
      column: cellOf(columns, r.record, 'description') ? 'description' : 'shortDescription',
    };
  if (field === 'tags') return { row: r.row, column: columns.at.tags !== undefined ? 'tags' : 'categories' };
  return { row: r.row, column: field === undefined ? null : columnOf(field, size) };
}

/**
 * WooCommerce shows the short description beside the price and the description below: here there is
 * one description, the short one first. Plain text is shown by WooCommerce with its line breaks kept
 * (blank lines part paragraphs), so it is given the same paragraphs and breaks in HTML.
 */
function joinDescriptions(short: string, long: string): string {
  const parts = [short, long].filter((p) => p !== '');
  if (parts.length === 1 && !parts[0]!.includes('\n')) return parts[0]!;
  return parts.map((part) => (/<[a-z]/i.test(part) ? part : paragraphs(part))).join('\n');
}

function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${p.replaceAll('\n', '<br>\n')}</p>`)
    .join('\n');
}

/** Published: 1 published, 0 private, -1 draft (not yet published); only the first is on sale. */
function availableOf(columns: WooColumns, r: WooRow, notes: WooNotes): boolean | undefined {
  const text = cellOf(columns, r.record, 'published');
  if (text === undefined || text === '' || text === '1') return text === undefined ? undefined : true;
  if (text === '0' || text === '-1') return false;
  notes.problem(
    r.row,
    'published',
    `Published must be 1 (published), 0 (private) or -1 (draft), not "${text}"`,
  );
  return undefined;
}

interface Size {
  price: number | undefined;
  /** The column the price came from: the sale price when a sale is on. */
  priceColumn: 'salePrice' | 'regularPrice';
  compareAtPrice: number | null;
  stock: number | null | undefined;
  sku: string;
}

/** What a row says of one way the product is bought: its price, compare-at price, stock and SKU. */
function sizeOf(columns: WooColumns, r: WooRow, notes: WooNotes): Size {
  const sku = cellOf(columns, r.record, 'sku') ?? '';
  return { ...pricesOf(columns, r, notes), stock: stockOf(columns, r, notes), sku };
}

function pricesOf(
  columns: WooColumns,
  r: WooRow,
  notes: WooNotes,
): Pick<Size, 'price' | 'compareAtPrice' | 'priceColumn'> {
  const parse = (field: 'regularPrice' | 'salePrice'): number | undefined | null => {
    const text = cellOf(columns, r.record, field) ?? '';
    if (text === '') return undefined;
    try {
      return parsePrice(text);
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      notes.problem(r.row, field, error.message);
      return null;
    }
  };
  const regular = parse('regularPrice');
  let sale = parse('salePrice');
  if (regular === null || sale === null)
    return {
      price: undefined,
      compareAtPrice: null,
      priceColumn: sale === null ? 'salePrice' : 'regularPrice',
    };
  if (sale !== undefined) sale = saleNow(columns, r, notes, sale);
  if (sale !== undefined && regular !== undefined && toCents(sale) >= toCents(regular)) {
    notes.warn(
      r.row,
      'salePrice',
      `the sale price ${sale} is not below the regular price ${regular}: the regular price is used`,
    );
    sale = undefined;
  }
  if (sale !== undefined) {
    return { price: sale, compareAtPrice: regular ?? null, priceColumn: 'salePrice' };
  }
  if (regular === undefined)
    notes.problem(
      r.row,
      'regularPrice',
      'is empty: a product needs a price (WooCommerce does not sell it without one either)',
    );
  return { price: regular, compareAtPrice: null, priceColumn: 'regularPrice' };
}

/** The sale price if its sale is on today; a sale that is over or yet to come is reported and not kept. */
function saleNow(columns: WooColumns, r: WooRow, notes: WooNotes, sale: number): number | undefined {
  const now = Date.now();
  for (const [field, past] of [
    ['saleStarts', false],
    ['saleEnds', true],
  ] as const) {
    const text = cellOf(columns, r.record, field) ?? '';
    if (text === '') continue;
    const when = Date.parse(text.replace(' ', 'T'));
    if (Number.isNaN(when)) {
      notes.problem(r.row, field, `is not a date: "${text}"`);
      return undefined;
    }
    if (past ? when < now : when > now) {
      notes.warn(
        r.row,
        field,
        past
          ? `the sale ended on ${text}: the regular price is used`
          : `the sale starts on ${text}: the shop has no scheduled prices, so the regular price is used`,
      );
      return undefined;
    }
  }
  return sale;
}

const YES = new Set(['1', 'yes', 'true', 'notify']);

/** Stock: a count when WooCommerce manages it, null when it does not (sold without counting). */
function stockOf(columns: WooColumns, r: WooRow, notes: WooNotes): number | null | undefined {
  const cell = (field: WooField) => cellOf(columns, r.record, field);
  const text = cell('stock') ?? '';
  if (text.toLowerCase() === 'parent') {
    notes.problem(
      r.row,
      'stock',
      "is managed on the parent product, shared by all its variations; the shop counts stock per variant — set each variation's stock in WooCommerce (or clear Stock to sell without counting) and export again",
    );
    return undefined;
  }
  const manage = cell('manageStock');
  const managed = manage === undefined ? text !== '' : YES.has(manage.toLowerCase());
  if (!managed || text === '') {
    if (cell('inStock') !== '0') return null;
    notes.warn(
      r.row,
      'inStock',
      'out of stock in WooCommerce without a count: kept as 0 in stock, so it cannot be bought until restocked',
    );
    return 0;
  }
  let stock: number | null;
  try {
    stock = parseStock(text);
  } catch (error) {
    if (!(error instanceof FieldError)) throw error;
    notes.problem(r.row, 'stock', error.message);
    return undefined;
  }
  if (stock !== null && stock < 0) {
    notes.warn(r.row, 'stock', `WooCommerce counts ${stock} (backorders taken beyond the stock): kept as 0`);
    stock = 0;
  }
  if (YES.has((cell('backorders') ?? '').toLowerCase()))
    notes.warn(r.row, 'backorders', 'backorders are not kept: the shop sells only what is in stock');
  return stock;
}

interface Attribute {
  name: string;
  values: string[];
  nameColumn: number;
  valuesColumn: number;
}

const sameName = (a: { name: string }, b: { name: string }) => a.name.toLowerCase() === b.name.toLowerCase();

/** The row's attributes: on a parent each with its list of values, on a variation one value or none ("any"). */
function attributesOf(columns: WooColumns, record: string[]): Attribute[] {
  return columns.attributes.flatMap((slot) => {
    const name = unescapeCell(record[slot.name] ?? '');
    if (name === '') return [];
    return [
      {
        name,
        values: listOf(unescapeCell(record[slot.values] ?? '')),
        nameColumn: slot.name,
        valuesColumn: slot.values,
      },
    ];
  });
}

function columnOfAttribute(attributes: Attribute[], option: { name: string }): number | undefined {
  return attributes.find((a) => sameName(a, option))?.valuesColumn;
}

/** Attributes that describe the product rather than tell its variants apart: reported, not kept. */
function keepsNoAttributes(columns: WooColumns, r: WooRow, notes: WooNotes, options: Set<string>): void {
  for (const a of attributesOf(columns, r.record)) {
    if (options.has(a.name.toLowerCase())) continue;
    notes.warn(
      r.row,
      a.nameColumn,
      `${a.name} (${a.values.join(', ')}) is not kept: no variation is chosen by it, and the shop has no attributes for information only`,
    );
  }
}

/** Every choice of the "any" options' values, each with the values the variation fixes. */
function expand(fixed: Record<string, string>, any: Attribute[]): Record<string, string>[] {
  let combos: Record<string, string>[] = [fixed];
  for (const option of any)
    combos = combos.flatMap((c) => option.values.map((value) => ({ ...c, [option.name]: value })));
  return combos;
}
