import { productNameKey, trimProductName } from '../../shared/domain/product.js';
import { FieldError, isNone, parseAvailable, parsePrice, parseStock } from '../product-fields.js';
import type { ImportedProduct } from './imported-product.js';
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
import { ProductNotes } from './product-notes.js';
import type { CsvRow } from './read-csv.js';
import type { FileNotes } from './read-notes.js';
import { consecutiveGroups, overflowProblem, type RowGroup, rowDamage } from './row-groups.js';
import { unescapeFromSpreadsheet } from './spreadsheet-escape.js';

type Input = ImportedProduct['input'];
type VariantInput = NonNullable<Input['variants']>[number];

/**
 * Reads our own CSV (see NATIVE_COLUMNS): consecutive rows naming the same product are its sizes,
 * the product's own columns read from its first row.
 */
export async function* readNativeCsv(
  header: CsvRow,
  rows: AsyncIterable<CsvRow[]>,
  notes: FileNotes,
): AsyncGenerator<ImportedProduct[]> {
  const layout = nativeLayout(header.record);
  notes.unknownColumns.push(...layout.unknown);
  const nameAt = layout.index.name!;
  // A file without option columns (as written before sizes) has a product a row, as it always had.
  const sized = OPTION_COLUMNS.some((slot) => layout.index[slot.value] !== undefined);
  const keyOf = ({ record }: CsvRow) => {
    if (!sized) return null;
    const name = trimProductName(unescapeFromSpreadsheet(record[nameAt] ?? ''));
    return name === '' ? null : productNameKey(name);
  };
  for await (const groups of consecutiveGroups(rows, keyOf))
    yield groups.map((group) => nativeProduct(layout, group));
}

function nativeProduct(layout: NativeLayout, group: RowGroup): ImportedProduct {
  const first = group.rows[0]!;
  const notes = new ProductNotes(first.row);
  const has = (column: NativeColumn) => layout.index[column] !== undefined;
  const label = (column: NativeColumn) => layout.labels[layout.index[column]!]!;
  // Our export escapes cells a spreadsheet would run as formulas; every cell loses that escape.
  const cell = (r: CsvRow, column: NativeColumn): string | undefined => {
    const i = layout.index[column];
    return i === undefined ? undefined : unescapeFromSpreadsheet(r.record[i] ?? '');
  };
  /** The value `parse` makes of the cell, or undefined after noting its problem. */
  const parsed = <T>(r: CsvRow, column: NativeColumn, parse: (text: string) => T): T | undefined => {
    try {
      return parse(cell(r, column)!);
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      notes.problem(r.row, label(column), error.message);
      return undefined;
    }
  };
  const given = (path: string, column: NativeColumn) => {
    notes.fields.add(path);
    notes.from(path, first.row, label(column));
  };

  for (const r of group.rows) {
    const damage = rowDamage(r, layout.labels);
    if (damage) notes.problems.push(damage);
  }
  const overflow = overflowProblem(group, label('name'), `"${cell(first, 'name')}"`);
  if (overflow) notes.problems.push(overflow);

  const input: Input = { name: cell(first, 'name')! };
  given('name', 'name');
  for (const [field, column] of [
    ['description', 'description'],
    ['category', 'category'],
    ['brand', 'brand'],
    ['imgUrl', 'image'],
  ] as const) {
    if (!has(column)) continue;
    input[field] = cell(first, column)!;
    given(field, column);
  }
  if (has('images')) {
    input.images = splitImages(cell(first, 'images')!);
    given('images', 'images');
  }
  if (has('tags')) {
    input.tags = splitTags(cell(first, 'tags')!);
    given('tags', 'tags');
  }
  if (has('available')) {
    const available = parsed(first, 'available', parseAvailable);
    if (available !== undefined) input.available = available;
    given('available', 'available');
  }
  const specs: Record<string, string | number | undefined> = {};
  for (const [column, key] of Object.entries(SPEC_COLUMNS) as [NativeColumn, string][]) {
    if (!has(column)) continue;
    const text = cell(first, column)!.trim();
    specs[key] = key === 'molecularWeight' ? parsed(first, column, molecularWeight) : text;
    given(`specs.${key}`, column);
  }
  if (Object.keys(specs).length > 0) input.specs = specs as Input['specs'];

  // The product's own columns on its further rows: empty, or as on its first row.
  for (const r of group.rows.slice(1))
    for (const [column, i] of Object.entries(layout.index) as [NativeColumn, number][]) {
      if (column === 'name' || VARIANT_COLUMNS.has(column)) continue;
      const text = cell(r, column)!;
      if (text !== '' && text !== cell(first, column))
        notes.problem(
          r.row,
          layout.labels[i]!,
          `differs from row ${first.row}: a product's own columns are read from its first row, its further rows give its sizes`,
        );
    }

  const options = OPTION_COLUMNS.flatMap((slot, k) => {
    const name = has(slot.name) ? cell(first, slot.name)!.trim() : '';
    if (name === '') return [];
    notes.from(`options.${k}`, first.row, label(slot.name));
    return [{ slot, name, values: [] as string[] }];
  });
  if (OPTION_COLUMNS.some((slot) => has(slot.name))) notes.fields.add('options');
  if (options.length === 0 && group.rows.length > 1) {
    // the rules' "exactly one variant" says the same as this, in the file's terms
    notes.from('variants', group.rows[1]!.row, label('name'));
    for (const r of group.rows.slice(1))
      notes.problem(
        r.row,
        label('name'),
        `"${cell(r, 'name')!.trim()}" is also on row ${first.row}: a product's further rows are its sizes, told apart by their option values (option1 name, option1 value)`,
      );
  }

  const firstValueColumn = options[0] && has(options[0].slot.value) ? label(options[0].slot.value) : null;
  const variants = group.rows.map((r, i): VariantInput => {
    const at = `variants.${i}`;
    notes.from(at, r.row, null);
    notes.from(`${at}.options`, r.row, firstValueColumn);
    const values: Record<string, string> = {};
    for (const slot of OPTION_COLUMNS) {
      const value = has(slot.value) ? cell(r, slot.value)!.trim() : '';
      const option = options.find((o) => o.slot === slot);
      if (!option) {
        if (value !== '')
          notes.problem(
            r.row,
            label(slot.value),
            `names no option: ${slot.name} is empty on row ${first.row}`,
          );
        continue;
      }
      notes.from(`${at}.options.${option.name}`, r.row, has(slot.value) ? label(slot.value) : null);
      if (value === '') continue;
      values[option.name] = value;
      const k = options.indexOf(option);
      if (!option.values.includes(value)) {
        notes.from(`options.${k}.values.${option.values.length}`, r.row, label(slot.value));
        option.values.push(value);
      }
    }
    const variant: Record<string, unknown> = { options: values };
    const set = (key: string, column: NativeColumn, value: unknown) => {
      variant[key] = value;
      notes.fields.add(`variants.${key}`);
      notes.from(`${at}.${key}`, r.row, label(column));
    };
    if (cell(r, 'price')!.trim() === '') notes.problem(r.row, label('price'), 'Price is required');
    else set('price', 'price', parsed(r, 'price', parsePrice));
    if (has('sku')) set('sku', 'sku', cell(r, 'sku'));
    if (has('stock')) set('stock', 'stock', parsed(r, 'stock', parseStock) ?? null);
    if (has('compare-at'))
      set(
        'compareAtPrice',
        'compare-at',
        parsed(r, 'compare-at', (t) => (isNone(t) ? null : parsePrice(t, 'compare-at'))) ?? null,
      );
    if (has('variant available'))
      set('available', 'variant available', parsed(r, 'variant available', parseAvailable) ?? true);
    if (has('variant image')) set('imgUrl', 'variant image', cell(r, 'variant image')!.trim());
    return variant as VariantInput;
  });
  input.options = options.map(({ name, values }) => ({ name, values }));
  input.variants = variants;
  notes.fields.add('variants');
  return notes.product(group.rows.map((r) => r.row).concat(group.overflow), input);
}

function molecularWeight(text: string): number | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  if (!/^\d+\.?\d*$|^\.\d+$/.test(t))
    throw new FieldError('mw', `Molecular weight must be a number (g/mol), not "${text}"`);
  return Number(t);
}
