import { productNameKey, trimProductName } from '../../shared/domain/product.js';
import { unescapeFromSpreadsheet } from '../../shared/domain/spreadsheet-escape.js';
import { FieldError, isNone, parseAvailable, parsePrice, parseStock } from '../product-fields.js';
import type { ImportedProduct, RowNote } from './imported-product.js';
import {
  type NativeColumn,
  type NativeLayout,
  nativeLayout,
  OPTION_COLUMNS,
  SPEC_COLUMNS,
  splitImages,
  splitTags,
  VARIANT_COLUMNS,
} from './native-columns.js';
import type { CsvRow } from './read-csv.js';
import type { FileNotes } from './read-notes.js';
import { consecutiveGroups, overflowProblem, type RowGroup, rowDamage } from './row-groups.js';

type Input = ImportedProduct['input'];
type Origin = { row: number; column: string | null };

/** The column each product field is read from (the others: SPEC_COLUMNS, options). */
const PRODUCT_COLUMN: Record<string, NativeColumn> = {
  name: 'name',
  description: 'description',
  category: 'category',
  brand: 'brand',
  imgUrl: 'image',
  images: 'images',
  tags: 'tags',
  available: 'available',
};
/** The column each field of a size is read from. */
const VARIANT_COLUMN: Record<string, NativeColumn> = {
  price: 'price',
  sku: 'sku',
  stock: 'stock',
  compareAtPrice: 'compare-at',
  available: 'variant available',
  imgUrl: 'variant image',
};
const SPEC_COLUMN = Object.fromEntries(
  Object.entries(SPEC_COLUMNS).map(([column, spec]) => [spec, column as NativeColumn]),
);

interface Option {
  slot: (typeof OPTION_COLUMNS)[number];
  name: string;
  values: string[];
  /** The row each value was first given on. */
  valueRows: number[];
}

/**
 * Reads our own CSV (see NATIVE_COLUMNS): consecutive rows naming the same product are its sizes,
 * the product's own columns read from its first row.
 */
export async function* readNativeCsv(
  header: CsvRow,
  rows: AsyncIterable<CsvRow[]>,
  notes: FileNotes,
): AsyncGenerator<ImportedProduct[]> {
  const reader = new NativeReader(nativeLayout(header.record));
  notes.unknownColumns.push(...reader.layout.unknown);
  for await (const groups of consecutiveGroups(rows, reader.keyOf))
    yield groups.map((g) => reader.product(g));
}

/**
 * What is the same for every product of a file, worked out once from its header: imports of a
 * million rows spend their time per row, so a product carries no more than its own values (its
 * origins are worked out only when a note needs one).
 */
class NativeReader {
  /** The fields the file gives: its columns, the same for every product. */
  private readonly fields = new Set<string>(['variants']);
  private readonly sized: boolean;
  /** The spec columns the file has, with the spec each fills. */
  private readonly specColumns: [NativeColumn, string][];

  constructor(readonly layout: NativeLayout) {
    for (const [field, column] of Object.entries(PRODUCT_COLUMN))
      if (this.has(column)) this.fields.add(field);
    for (const [field, column] of Object.entries(VARIANT_COLUMN))
      if (this.has(column)) this.fields.add(`variants.${field}`);
    this.specColumns = (Object.entries(SPEC_COLUMNS) as [NativeColumn, string][]).filter(([column]) =>
      this.has(column),
    );
    for (const [, spec] of this.specColumns) this.fields.add(`specs.${spec}`);
    this.sized = OPTION_COLUMNS.some((slot) => this.has(slot.value));
    if (OPTION_COLUMNS.some((slot) => this.has(slot.name))) this.fields.add('options');
  }

  has(column: NativeColumn): boolean {
    return this.layout.index[column] !== undefined;
  }

  label(column: NativeColumn): string | null {
    const i = this.layout.index[column];
    return i === undefined ? null : this.layout.labels[i]!;
  }

  /** Our export escapes cells a spreadsheet would run as formulas; every cell loses that escape. */
  cell(r: CsvRow, column: NativeColumn): string | undefined {
    const i = this.layout.index[column];
    return i === undefined ? undefined : unescapeFromSpreadsheet(r.record[i] ?? '');
  }

  /** The product a row's name starts; a file without option columns (as written before sizes) has one a row. */
  readonly keyOf = (r: CsvRow): string | null => {
    if (!this.sized) return null;
    const name = trimProductName(this.cell(r, 'name')!);
    return name === '' ? null : productNameKey(name);
  };

  product(group: RowGroup): ImportedProduct {
    const { rows } = group;
    const first = rows[0]!;
    const problems: RowNote[] = [];
    const parsed = <T>(r: CsvRow, column: NativeColumn, parse: (text: string) => T): T | undefined => {
      try {
        return parse(this.cell(r, column)!);
      } catch (error) {
        if (!(error instanceof FieldError)) throw error;
        problems.push({ row: r.row, column: this.label(column), message: error.message });
        return undefined;
      }
    };
    for (const r of rows) {
      const damage = rowDamage(r, this.layout.labels);
      if (damage) problems.push(damage);
    }
    const overflow = overflowProblem(group, this.label('name'), `"${this.cell(first, 'name')}"`);
    if (overflow) problems.push(overflow);

    const input: Input = { name: this.cell(first, 'name')! };
    if (this.has('description')) input.description = this.cell(first, 'description')!;
    if (this.has('category')) input.category = this.cell(first, 'category')!;
    if (this.has('brand')) input.brand = this.cell(first, 'brand')!;
    if (this.has('image')) input.imgUrl = this.cell(first, 'image')!;
    if (this.has('images')) input.images = splitImages(this.cell(first, 'images')!);
    if (this.has('tags')) input.tags = splitTags(this.cell(first, 'tags')!);
    if (this.has('available')) {
      const available = parsed(first, 'available', parseAvailable);
      if (available !== undefined) input.available = available;
    }
    let specs: Record<string, unknown> | undefined;
    for (const [column, key] of this.specColumns) {
      specs ??= {};
      specs[key] =
        key === 'molecularWeight' ? parsed(first, column, molecularWeight) : this.cell(first, column)!.trim();
    }
    if (specs) input.specs = specs as Input['specs'];

    // The product's own columns on its further rows: empty, or as on its first row.
    for (let n = 1; n < rows.length; n++)
      for (const [column, i] of Object.entries(this.layout.index) as [NativeColumn, number][]) {
        if (column === 'name' || VARIANT_COLUMNS.has(column)) continue;
        const text = this.cell(rows[n]!, column)!;
        if (text !== '' && text !== this.cell(first, column))
          problems.push({
            row: rows[n]!.row,
            column: this.layout.labels[i]!,
            message: `differs from row ${first.row}: a product's own columns are read from its first row, its further rows give its sizes`,
          });
      }

    const options: Option[] = [];
    for (const slot of OPTION_COLUMNS) {
      const name = this.has(slot.name) ? this.cell(first, slot.name)!.trim() : '';
      if (name !== '') options.push({ slot, name, values: [], valueRows: [] });
    }
    if (options.length === 0)
      for (let n = 1; n < rows.length; n++)
        problems.push({
          row: rows[n]!.row,
          column: this.label('name'),
          message: `"${this.cell(rows[n]!, 'name')!.trim()}" is also on row ${first.row}: a product's further rows are its sizes, told apart by their option values (option1 name, option1 value)`,
        });

    input.variants = rows.map((r) => {
      const values: Record<string, string> = {};
      for (const slot of OPTION_COLUMNS) {
        const value = this.has(slot.value) ? this.cell(r, slot.value)!.trim() : '';
        const option = options.find((o) => o.slot === slot);
        if (!option) {
          if (value !== '')
            problems.push({
              row: r.row,
              column: this.label(slot.value),
              message: `names no option: ${slot.name} is empty on row ${first.row}`,
            });
          continue;
        }
        if (value === '') continue;
        values[option.name] = value;
        if (!option.values.includes(value)) {
          option.values.push(value);
          option.valueRows.push(r.row);
        }
      }
      const variant: Record<string, unknown> = { options: values };
      if (this.cell(r, 'price')!.trim() === '')
        problems.push({ row: r.row, column: this.label('price'), message: 'Price is required' });
      else variant.price = parsed(r, 'price', parsePrice);
      if (this.has('sku')) variant.sku = this.cell(r, 'sku');
      if (this.has('stock')) variant.stock = parsed(r, 'stock', parseStock) ?? null;
      if (this.has('compare-at'))
        variant.compareAtPrice =
          parsed(r, 'compare-at', (t) => (isNone(t) ? null : parsePrice(t, 'compare-at'))) ?? null;
      if (this.has('variant available'))
        variant.available = parsed(r, 'variant available', parseAvailable) ?? true;
      if (this.has('variant image')) variant.imgUrl = this.cell(r, 'variant image')!.trim();
      return variant as NonNullable<Input['variants']>[number];
    });
    input.options = options.map(({ name, values }) => ({ name, values }));

    return {
      rows: group.overflow.length ? rows.map((r) => r.row).concat(group.overflow) : rows.map((r) => r.row),
      input,
      fields: this.fields,
      origin: (path) => this.origin(path, rows, options),
      warnings: [],
      problems,
    };
  }

  /** Where a field of the product came from, worked out from its path when a note needs it. */
  private origin(path: string, rows: CsvRow[], options: Option[]): Origin {
    const first = rows[0]!.row;
    const [head, second, third, fourth] = path.split('.');
    const at = (row: number, column: NativeColumn | undefined) => ({
      row,
      column: column === undefined ? null : this.label(column),
    });
    if (head === 'variants') {
      // the rules' "exactly one variant" says what the file's repeated name says
      if (second === undefined)
        return options.length === 0 && rows.length > 1 ? at(rows[1]!.row, 'name') : at(first, undefined);
      const row = rows[Number(second)]?.row ?? first;
      if (third === 'options') {
        const option = fourth === undefined ? options[0] : options.find((o) => o.name === fourth);
        return at(row, option?.slot.value);
      }
      return at(row, third === undefined ? undefined : VARIANT_COLUMN[third]);
    }
    if (head === 'options') {
      const option = options[Number(second)];
      if (!option) return at(first, undefined);
      if (third === 'values' && fourth !== undefined)
        return at(option.valueRows[Number(fourth)] ?? first, option.slot.value);
      return at(first, option.slot.name);
    }
    if (head === 'specs') return at(first, second === undefined ? undefined : SPEC_COLUMN[second]);
    return at(first, PRODUCT_COLUMN[head!]);
  }
}

function molecularWeight(text: string): number | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  if (!/^\d+\.?\d*$|^\.\d+$/.test(t))
    throw new FieldError('mw', `Molecular weight must be a number (g/mol), not "${text}"`);
  return Number(t);
}
