import { toCents } from '../../shared/domain/money.js';
import type { ProductSpecs } from '../../shared/domain/specs.js';
import { unescapeFromSpreadsheet } from '../../shared/domain/spreadsheet-escape.js';
import { FieldError, parseAvailable, parsePrice } from '../product-fields.js';
import type { ImportedProduct } from './imported-product.js';
import { LayoutError } from './layout.js';
import { NameIndex } from './name-index.js';
import { splitTags } from './native-columns.js';
import { ProductNotes } from './product-notes.js';
import type { CsvRow } from './read-csv.js';
import type { FileNotes } from './read-notes.js';
import { consecutiveGroups, overflowProblem, type RowGroup, rowDamage } from './row-groups.js';
import {
  SHOPIFY_OPTION_COLUMNS,
  type ShopifyColumn,
  type ShopifyLayout,
  shopifyLayout,
} from './shopify-columns.js';

type Input = ImportedProduct['input'];

/**
 * Shopify's columns the shop has no field for, each with what it holds when it says nothing (no
 * weight, shipped, taxed…); one holding more is reported as ignored. The shop reads all the others.
 */
const NOT_READ: Partial<Record<ShopifyColumn, RegExp>> = {
  'Variant Grams': /^0*(\.0*)?$/,
  'Variant Weight Unit': /^(g|kg|lb|oz)$/i,
  'Variant Inventory Policy': /^deny$/i,
  'Variant Fulfillment Service': /^manual$/i,
  'Variant Requires Shipping': /^true$/i,
  'Variant Taxable': /^true$/i,
  'Gift Card': /^false$/i,
  'Variant Barcode': /^$/,
  'Image Alt Text': /^$/,
  'SEO Title': /^$/,
  'SEO Description': /^$/,
  'Cost per item': /^$/,
};

/**
 * Reads a Shopify product export: a product per handle (its rows consecutive), its options from
 * Option1–3, a variant per row with a price or option values, its images from every Image Src
 * ordered by Image Position.
 */
export async function* readShopify(
  header: CsvRow,
  rows: AsyncIterable<CsvRow[]>,
  notes: FileNotes,
): AsyncGenerator<ImportedProduct[]> {
  const layout = shopifyLayout(header.record);
  if (layout.index['Variant Price'] === undefined)
    throw new LayoutError(
      `row 1, column Variant Price: missing from the header (it has: ${layout.labels.join(', ')})`,
    );
  const handleAt = layout.index.Handle!;
  const handles = new NameIndex();
  const said = new Uint8Array(layout.labels.length);
  const ignored = layout.labels.map((_, i) => {
    const column = (Object.keys(layout.index) as ShopifyColumn[]).find((c) => layout.index[c] === i);
    if (column) return NOT_READ[column] ?? null;
    if (Object.values(layout.specs).includes(i)) return null;
    // "Included / United States": sold in that market, as a product is here
    return /^included \//i.test(layout.labels[i]!) ? /^true$/i : /^$/;
  });
  const handleOf = (r: CsvRow) => (r.record[handleAt] ?? '').trim().toLowerCase();
  let qtyMissing = false;
  for await (const groups of consecutiveGroups(rows, (r) => handleOf(r) || null)) {
    yield groups.map((group) => {
      for (const { record } of group.rows)
        record.forEach((cell, i) => {
          const silent = ignored[i];
          if (silent && !said[i] && cell.trim() !== '' && !silent.test(cell.trim())) said[i] = 1;
        });
      const first = group.rows[0]!;
      const handle = handleOf(first);
      const earlier = handle === '' ? undefined : handles.firstRowOrAdd(handle, first.row);
      const product = shopifyProduct(layout, group, earlier);
      if (product.qtyMissing) qtyMissing = true;
      return product.imported;
    });
  }
  notes.unknownColumns.push(...layout.labels.filter((_, i) => said[i]));
  if (qtyMissing)
    notes.notices.push(
      'The file tracks inventory with Shopify but has no Variant Inventory Qty column (Shopify exports quantities apart since 2024): those variants were imported without stock tracking; set their stock with shop variants update.',
    );
}

interface ImageAt {
  src: string;
  position: number;
  row: number;
}

function shopifyProduct(
  layout: ShopifyLayout,
  group: RowGroup,
  handleSeenOn: number | undefined,
): { imported: ImportedProduct; qtyMissing: boolean } {
  const first = group.rows[0]!;
  const notes = new ProductNotes(first.row);
  const has = (column: ShopifyColumn) => layout.index[column] !== undefined;
  // What export escaped so that no cell runs as a spreadsheet formula loses that escape.
  const cell = (r: CsvRow, column: ShopifyColumn): string => {
    const i = layout.index[column];
    return i === undefined ? '' : unescapeFromSpreadsheet(r.record[i] ?? '');
  };
  const label = (column: ShopifyColumn) => layout.labels[layout.index[column]!]!;
  const given = (path: string, column: ShopifyColumn | string, row = first.row) => {
    notes.fields.add(path);
    notes.from(path, row, column);
  };
  const parsed = <T>(r: CsvRow, column: ShopifyColumn, parse: (text: string) => T): T | undefined => {
    try {
      return parse(cell(r, column));
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      notes.problem(r.row, label(column), error.message);
      return undefined;
    }
  };

  for (const r of group.rows) {
    const damage = rowDamage(r, layout.labels);
    if (damage) notes.problems.push(damage);
  }
  const handle = cell(first, 'Handle').trim();
  const overflow = overflowProblem(group, label('Handle'), `handle ${handle}`);
  if (overflow) notes.problems.push(overflow);
  if (handle === '')
    notes.problem(first.row, label('Handle'), "Handle is required: it ties a product's rows together");
  if (handleSeenOn !== undefined)
    notes.problem(
      first.row,
      label('Handle'),
      `handle ${handle} is also on row ${handleSeenOn}: the rows of one product must be consecutive`,
    );

  const title = cell(first, 'Title');
  const input: Input = { name: title };
  given('name', label('Title'));
  if (has('Body (HTML)')) {
    input.description = cell(first, 'Body (HTML)');
    given('description', label('Body (HTML)'));
  }
  if (has('Vendor')) {
    input.brand = cell(first, 'Vendor');
    given('brand', label('Vendor'));
  }
  if (has('Type') || has('Product Category')) {
    const type = cell(first, 'Type').trim();
    // "Health & Beauty > Health Care > Fitness & Nutrition": the most specific is the category.
    const category = cell(first, 'Product Category').split('>').at(-1)!.trim();
    input.category = type || category;
    given('category', label(type || !has('Product Category') ? 'Type' : 'Product Category'));
  }
  if (has('Tags')) {
    input.tags = splitTags(cell(first, 'Tags'));
    given('tags', label('Tags'));
  }
  const status = cell(first, 'Status').trim().toLowerCase();
  if (status !== '') {
    if (['active', 'draft', 'archived'].includes(status)) input.available = status === 'active';
    else
      notes.problem(
        first.row,
        label('Status'),
        `Status must be active, draft or archived, not "${cell(first, 'Status')}"`,
      );
    given('available', label('Status'));
  } else if (has('Published')) {
    const published = parsed(first, 'Published', parseAvailable);
    if (published !== undefined) input.available = published;
    given('available', label('Published'));
  }
  const specs: Record<string, unknown> = {};
  for (const [spec, i] of Object.entries(layout.specs) as [keyof ProductSpecs, number][]) {
    const text = unescapeFromSpreadsheet(first.record[i] ?? '').trim();
    if (spec !== 'molecularWeight') specs[spec] = text;
    else if (text !== '') {
      if (/^\d+\.?\d*$/.test(text)) specs[spec] = Number(text);
      else
        notes.problem(
          first.row,
          layout.labels[i]!,
          `Molecular weight must be a number (g/mol), not "${text}"`,
        );
    }
    given(`specs.${spec}`, layout.labels[i]!);
  }
  if (Object.keys(specs).length > 0) input.specs = specs as Input['specs'];

  // Shopify's product sold one way has the option Title with the value Default Title.
  const options = SHOPIFY_OPTION_COLUMNS.flatMap((slot, k) => {
    const name = cell(first, slot.name).trim();
    if (name === '') return [];
    notes.from(`options.${k}`, first.row, label(slot.name));
    return [{ slot, name, values: [] as string[] }];
  });
  const isVariantRow = (r: CsvRow) =>
    cell(r, 'Variant Price').trim() !== '' ||
    cell(r, 'Variant SKU').trim() !== '' ||
    SHOPIFY_OPTION_COLUMNS.some((slot) => cell(r, slot.value).trim() !== '');
  const variantRows = group.rows.filter((r) => r === first || isVariantRow(r));
  const defaultTitle =
    options.length === 1 &&
    options[0]!.name.toLowerCase() === 'title' &&
    variantRows.every((r) => /^default title$/i.test(cell(r, options[0]!.slot.value).trim()));
  if (defaultTitle) options.length = 0;
  if (SHOPIFY_OPTION_COLUMNS.some((slot) => has(slot.name))) notes.fields.add('options');

  const tracker = has('Variant Inventory Tracker');
  let qtyMissing = false;
  const firstValueColumn = options[0] && has(options[0].slot.value) ? label(options[0].slot.value) : null;
  const variants = variantRows.map((r, i) => {
    const at = `variants.${i}`;
    notes.from(at, r.row, null);
    notes.from(`${at}.options`, r.row, firstValueColumn);
    const values: Record<string, string> = {};
    const variant: Record<string, unknown> = { options: values };
    const set = (key: string, column: ShopifyColumn, value: unknown) => {
      variant[key] = value;
      notes.fields.add(`variants.${key}`);
      notes.from(`${at}.${key}`, r.row, label(column));
    };
    for (const option of options) {
      const value = cell(r, option.slot.value).trim();
      notes.from(
        `${at}.options.${option.name}`,
        r.row,
        has(option.slot.value) ? label(option.slot.value) : null,
      );
      if (value === '') continue;
      values[option.name] = value;
      if (!option.values.includes(value)) {
        notes.from(
          `options.${options.indexOf(option)}.values.${option.values.length}`,
          r.row,
          label(option.slot.value),
        );
        option.values.push(value);
      }
    }
    const priceText = cell(r, 'Variant Price').trim();
    if (priceText === '') notes.problem(r.row, label('Variant Price'), 'Price is required');
    const price = priceText === '' ? undefined : parsed(r, 'Variant Price', parsePrice);
    if (price !== undefined) set('price', 'Variant Price', price);
    if (has('Variant SKU')) set('sku', 'Variant SKU', cell(r, 'Variant SKU'));
    if (has('Variant Compare At Price')) {
      const text = cell(r, 'Variant Compare At Price').trim();
      let compareAt = text === '' ? null : (parsed(r, 'Variant Compare At Price', parsePrice) ?? null);
      // Shopify keeps a compare-at price at or below the price (and shows no sale); here it must be above.
      if (compareAt !== null && price !== undefined && toCents(compareAt) <= toCents(price)) {
        notes.warn(
          r.row,
          label('Variant Compare At Price'),
          `${text} is not above the price ${priceText}, so it shows no sale: not kept`,
        );
        compareAt = null;
      }
      set('compareAtPrice', 'Variant Compare At Price', compareAt);
    }
    if (tracker || has('Variant Inventory Qty')) {
      const tracked = tracker
        ? cell(r, 'Variant Inventory Tracker').trim().toLowerCase() === 'shopify'
        : cell(r, 'Variant Inventory Qty').trim() !== '';
      let stock: number | null = null;
      if (tracked && !has('Variant Inventory Qty')) qtyMissing = true;
      else if (tracked) stock = parsed(r, 'Variant Inventory Qty', shopifyQuantity) ?? null;
      if (stock !== null && stock < 0) {
        notes.warn(
          r.row,
          label('Variant Inventory Qty'),
          `Shopify counts ${stock} (sold beyond the stock): kept as 0`,
        );
        stock = 0;
      }
      set(
        'stock',
        has('Variant Inventory Qty') ? 'Variant Inventory Qty' : 'Variant Inventory Tracker',
        stock,
      );
    }
    if (has('Variant Image')) set('imgUrl', 'Variant Image', cell(r, 'Variant Image').trim());
    return variant as NonNullable<Input['variants']>[number];
  });
  input.options = options.map(({ name, values }) => ({ name, values }));
  input.variants = variants;
  notes.fields.add('variants');

  if (has('Image Src')) {
    const images: ImageAt[] = [];
    for (const r of group.rows) {
      const src = cell(r, 'Image Src').trim();
      if (src === '') {
        if (!variantRows.includes(r))
          notes.warn(r.row, null, 'holds neither a variant nor an image: nothing on it was imported');
        continue;
      }
      const position = Number.parseInt(cell(r, 'Image Position'), 10);
      if (!images.some((image) => image.src === src))
        images.push({
          src,
          position: Number.isNaN(position) ? Number.POSITIVE_INFINITY : position,
          row: r.row,
        });
    }
    // stable: images without a position keep their file order, after the others
    images.sort((a, b) => a.position - b.position);
    input.imgUrl = images[0]?.src ?? '';
    given('imgUrl', label('Image Src'), images[0]?.row);
    input.images = images.slice(1).map((image, k) => {
      notes.from(`images.${k}`, image.row, label('Image Src'));
      return image.src;
    });
    notes.fields.add('images');
  }

  const rows = group.rows.map((r) => r.row).concat(group.overflow);
  return { imported: notes.product(rows, input, `${title.trim()} (${handle})`), qtyMissing };
}

/** Shopify's inventory quantity: a whole number, negative when sold beyond the stock; empty means 0. */
function shopifyQuantity(text: string): number {
  const t = text.trim();
  if (t === '') return 0;
  if (!/^-?\d+$/.test(t)) throw new FieldError('stock', `Stock must be a whole number, not "${text}"`);
  return Number(t);
}
