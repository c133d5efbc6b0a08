import type { ProductSpecs } from '../../shared/domain/specs.js';
import { LayoutError } from './layout.js';

/**
 * Our CSV's columns, in the order export writes them. A product is one row per variant, its rows
 * consecutive and each naming it; the product's own columns are read from its first row. The first
 * eight are the columns of files written before sizes, which still import as they did.
 */
export const NATIVE_COLUMNS = [
  'name',
  'price',
  'description',
  'category',
  'brand',
  'stock',
  'available',
  'image',
  'sku',
  'compare-at',
  'option1 name',
  'option1 value',
  'option2 name',
  'option2 value',
  'option3 name',
  'option3 value',
  'variant available',
  'variant image',
  'images',
  'tags',
  'cas',
  'formula',
  'mw',
  'sequence',
  'purity',
  'form',
  'storage',
] as const;
export type NativeColumn = (typeof NATIVE_COLUMNS)[number];

/** The slots of a product's up to three options, as column pairs. */
export const OPTION_COLUMNS = [1, 2, 3].map((n) => ({
  name: `option${n} name` as NativeColumn,
  value: `option${n} value` as NativeColumn,
}));

/** Columns that describe a size (one per row), not the product: the rest are read from its first row. */
export const VARIANT_COLUMNS = new Set<NativeColumn>([
  'price',
  'stock',
  'sku',
  'compare-at',
  'option1 value',
  'option2 value',
  'option3 value',
  'variant available',
  'variant image',
]);

/** The spec each spec column holds (`mw` is a number). */
export const SPEC_COLUMNS: Partial<Record<NativeColumn, keyof ProductSpecs>> = {
  cas: 'casNumber',
  formula: 'molecularFormula',
  mw: 'molecularWeight',
  sequence: 'sequence',
  purity: 'purity',
  form: 'form',
  storage: 'storage',
};

const ALIASES: Record<string, NativeColumn> = {
  imgurl: 'image',
  'image url': 'image',
  'compare at price': 'compare-at',
  'compare-at price': 'compare-at',
};

/** Image URLs in one cell are parted by white space (", " as export writes it): a URL holds none. */
export const splitImages = (cell: string): string[] => cell.split(/,?\s+/).filter((url) => url !== '');
export const joinImages = (urls: readonly string[]): string => urls.join(', ');

/** Tags are parted by commas, which no tag holds, as in Shopify's and WooCommerce's files. */
export const splitTags = (cell: string): string[] =>
  cell
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
export const joinTags = (tags: readonly string[]): string => tags.join(', ');

export interface NativeLayout {
  /** Column index of each column the file has. */
  index: Partial<Record<NativeColumn, number>>;
  /** The header as written in the file (trimmed), for messages. */
  labels: string[];
  /** Columns the import does not read. */
  unknown: string[];
}

/** Reads our CSV's header: names compared trimmed and case-insensitively; name and price are required. */
export function nativeLayout(header: readonly string[]): NativeLayout {
  const labels = header.map((h) => h.trim());
  const index: NativeLayout['index'] = {};
  const unknown: string[] = [];
  labels.forEach((label, i) => {
    const key = label.toLowerCase();
    const column = (NATIVE_COLUMNS as readonly string[]).includes(key) ? (key as NativeColumn) : ALIASES[key];
    if (column && index[column] === undefined) index[column] = i;
    else if (label !== '') unknown.push(label);
  });
  const missing = (['name', 'price'] as const).filter((c) => index[c] === undefined);
  if (missing.length)
    throw new LayoutError(
      missing
        .map((c) => `row 1, column ${c}: missing from the header (it has: ${labels.join(', ') || 'nothing'})`)
        .join('\n'),
    );
  return { index, labels, unknown };
}
