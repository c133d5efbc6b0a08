import { LayoutError } from './layout.js';

/** The WooCommerce exporter's columns the import reads, by their English labels. */
const FIELD_OF_LABEL = {
  id: 'id',
  type: 'type',
  sku: 'sku',
  name: 'name',
  published: 'published',
  'visibility in catalog': 'visibility',
  'short description': 'shortDescription',
  description: 'description',
  'date sale price starts': 'saleStarts',
  'date sale price ends': 'saleEnds',
  'in stock?': 'inStock',
  stock: 'stock',
  'manage stock?': 'manageStock',
  'backorders allowed?': 'backorders',
  'sale price': 'salePrice',
  'regular price': 'regularPrice',
  categories: 'categories',
  tags: 'tags',
  images: 'images',
  parent: 'parent',
  position: 'position',
  brands: 'brands',
} as const;
export type WooField = (typeof FIELD_OF_LABEL)[keyof typeof FIELD_OF_LABEL];

/** "Attribute N name" and "Attribute N value(s)": the columns of one attribute slot. */
interface AttributeSlot {
  name: number;
  values: number;
}

export interface WooColumns {
  /** The header as written (trimmed), for messages. */
  labels: string[];
  at: Partial<Record<WooField, number>>;
  attributes: AttributeSlot[];
}

/**
 * A WooCommerce product export, told by its header: Type and Name, with one more of its own columns
 * (the exporter lets the columns be chosen), and no Shopify Handle. Our own CSV has no Type.
 */
export function isWooCommerceHeader(header: string[]): boolean {
  const keys = new Set(header.map((h) => h.trim().toLowerCase()));
  return (
    keys.has('type') &&
    keys.has('name') &&
    !keys.has('handle') &&
    ['regular price', 'parent', 'published', 'id'].some((k) => keys.has(k))
  );
}

export function wooColumnsOf(header: string[]): WooColumns {
  const labels = header.map((h) => h.trim());
  const at: WooColumns['at'] = {};
  const slots = new Map<number, Partial<AttributeSlot>>();
  labels.forEach((label, i) => {
    const key = label.toLowerCase();
    const field = FIELD_OF_LABEL[key as keyof typeof FIELD_OF_LABEL];
    if (field && at[field] === undefined) at[field] = i;
    const attribute = /^attribute (\d+) (name|value\(s\))$/.exec(key);
    if (attribute) {
      const slot = slots.get(Number(attribute[1])) ?? {};
      slot[attribute[2] === 'name' ? 'name' : 'values'] = i;
      slots.set(Number(attribute[1]), slot);
    }
  });
  const missing = (['type', 'name'] as const).filter((f) => at[f] === undefined);
  if (missing.length)
    throw new LayoutError(
      `row 1: a WooCommerce export needs the column${missing.length > 1 ? 's' : ''} ${missing.map((f) => (f === 'type' ? 'Type' : 'Name')).join(' and ')}`,
    );
  const attributes = [...slots.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([, s]) =>
      s.name !== undefined && s.values !== undefined ? [{ name: s.name, values: s.values }] : [],
    );
  return { labels, at, attributes };
}

/** The exporter puts a ' before a value starting with =, +, - or @ so spreadsheets do not run it. */
const ESCAPED = /^'[=+\-@]/;

/** A cell as WooCommerce meant it: trimmed, its formula guard removed; undefined when the column is absent. */
export function cellOf(columns: WooColumns, record: string[], field: WooField): string | undefined {
  const i = columns.at[field];
  return i === undefined ? undefined : unescapeCell(record[i] ?? '');
}

export function unescapeCell(text: string): string {
  const t = text.trim();
  return ESCAPED.test(t) ? t.slice(1) : t;
}

/** A list cell ("Blue, Green", "A > B, C"): split at commas, `\,` being a comma inside a value. */
export function listOf(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .replaceAll('\\,', '\u0000')
    .split(',')
    .map((v) => v.replaceAll('\u0000', ',').trim())
    .filter((v) => v !== '');
}

/**
 * The exporter writes a description's line breaks as the two characters `\n` (and a written `\n` as
 * `\\n`); this undoes it as WooCommerce's importer does.
 */
export function descriptionOf(text: string): string {
  return text
    .split('\\\\n')
    .map((part) => part.replaceAll('\\n', '\n'))
    .join('\\n');
}
