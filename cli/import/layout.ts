import { FIELD_ORDER, type FieldName, type FieldTexts } from '../product-fields.js';
import { unescapeFromSpreadsheet } from './spreadsheet-escape.js';

/** How a CSV file's columns map to product fields: our own export's columns or a Shopify export. */
export interface Layout {
  format: 'csv' | 'shopify';
  /** Column index of each field the file has. */
  index: Partial<Record<FieldName, number>>;
  /** The header as written in the file (trimmed), for messages. */
  labels: string[];
  /** Shopify only: the Handle column, which groups a product's variant and image rows. */
  handle?: number;
  /** Shopify only: a Published column, used when there is no Status column. */
  published?: number;
}

export class LayoutError extends Error {}

/** Our CSV's columns, as export writes them. */
export const CSV_COLUMNS = FIELD_ORDER;

const NATIVE_ALIASES: Record<string, FieldName> = { imgurl: 'image', 'image url': 'image' };

const SHOPIFY_COLUMNS: Record<string, FieldName> = {
  title: 'name',
  'body (html)': 'description',
  vendor: 'brand',
  type: 'category',
  'variant price': 'price',
  'variant inventory qty': 'stock',
  'image src': 'image',
  status: 'available',
};

const REQUIRED: Record<Layout['format'], FieldName[]> = {
  csv: ['name', 'price'],
  shopify: ['name', 'price'],
};

/** Reads the header row: names compared trimmed and case-insensitively. */
export function layoutOf(header: string[]): Layout {
  const labels = header.map((h) => h.trim());
  const keys = labels.map((l) => l.toLowerCase());
  if (labels.length === 1) {
    const delimiter = [';', '\t', '|'].find((d) => labels[0]!.includes(d));
    if (delimiter) {
      const shown = delimiter === '\t' ? 'tabs' : `"${delimiter}"`;
      throw new LayoutError(
        `row 1: the header is one column; the file seems to use ${shown} between fields — save it with commas`,
      );
    }
  }
  const shopify = keys.includes('handle') && keys.includes('title');
  const layout: Layout = { format: shopify ? 'shopify' : 'csv', index: {}, labels };
  keys.forEach((key, i) => {
    const field = shopify
      ? SHOPIFY_COLUMNS[key]
      : (CSV_COLUMNS as string[]).includes(key)
        ? (key as FieldName)
        : NATIVE_ALIASES[key];
    if (field && layout.index[field] === undefined) layout.index[field] = i;
  });
  if (shopify) {
    layout.handle = keys.indexOf('handle');
    const published = keys.indexOf('published');
    if (published >= 0) layout.published = published;
  }
  const missing = REQUIRED[layout.format].filter((f) => layout.index[f] === undefined);
  if (missing.length) {
    const names = shopify ? { name: 'Title', price: 'Variant Price' } : { name: 'name', price: 'price' };
    const wanted = missing.map((f) => names[f as 'name' | 'price']);
    throw new LayoutError(
      wanted
        .map(
          (column) =>
            `row 1, column ${column}: missing from the header (it has: ${labels.join(', ') || 'nothing'})`,
        )
        .join('\n'),
    );
  }
  return layout;
}

/** Columns the file has that the import does not read (Shopify's many others are expected). */
export function unknownColumns(layout: Layout): string[] {
  if (layout.format === 'shopify') return [];
  const used = new Set(Object.values(layout.index));
  return layout.labels.filter((label, i) => !used.has(i) && label !== '');
}

/** The label to name a field's column by in messages. */
export function columnLabel(layout: Layout, field: string): string {
  const i = layout.index[field as FieldName];
  return i === undefined ? field : layout.labels[i]!;
}

/**
 * A record's fields as texts; fields whose column is absent stay undefined. Cells of our own CSV lose
 * the ' export put before anything a spreadsheet would take for a formula.
 */
export function textsOf(layout: Layout, record: string[], { fromOurCsv = false } = {}): FieldTexts {
  const texts: FieldTexts = {};
  for (const field of CSV_COLUMNS) {
    const i = layout.index[field];
    if (i !== undefined)
      texts[field] = fromOurCsv ? unescapeFromSpreadsheet(record[i] ?? '') : (record[i] ?? '');
  }
  if (layout.format === 'shopify' && layout.index.available === undefined && layout.published !== undefined) {
    texts.available = record[layout.published] ?? '';
  }
  return texts;
}
