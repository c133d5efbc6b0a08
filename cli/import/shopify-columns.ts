import type { ProductSpecs } from '../../shared/domain/specs.js';

/**
 * The columns of Shopify's product CSV (Products → Export), in its order; export writes these, and
 * import reads those the shop has fields for. A product is a handle's consecutive rows: the first
 * holds the product, each row with option values or a variant price a variant, and rows with only
 * an Image Src more images.
 */
export const SHOPIFY_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Product Category',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Tracker',
  'Variant Inventory Qty',
  'Variant Inventory Policy',
  'Variant Fulfillment Service',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Variant Taxable',
  'Variant Barcode',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Gift Card',
  'SEO Title',
  'SEO Description',
  'Variant Image',
  'Variant Weight Unit',
  'Cost per item',
  'Status',
] as const;
export type ShopifyColumn = (typeof SHOPIFY_COLUMNS)[number];

/**
 * Specs travel as product metafields, which Shopify's CSV holds in columns named
 * "Label (product.metafields.namespace.key)"; `custom` is the namespace of a store's own definitions.
 */
export const SPEC_METAFIELDS: Record<keyof ProductSpecs, { label: string; key: string }> = {
  casNumber: { label: 'CAS number', key: 'cas_number' },
  molecularFormula: { label: 'Molecular formula', key: 'molecular_formula' },
  molecularWeight: { label: 'Molecular weight', key: 'molecular_weight' },
  sequence: { label: 'Sequence', key: 'sequence' },
  purity: { label: 'Purity', key: 'purity' },
  form: { label: 'Form', key: 'form' },
  storage: { label: 'Storage', key: 'storage' },
};
export const specColumn = ({ label, key }: { label: string; key: string }) =>
  `${label} (product.metafields.custom.${key})`;
const METAFIELD = /\(product\.metafields\.custom\.([a-z0-9_]+)\)$/i;

/** The columns Shopify names its options by, one pair per option. */
export const SHOPIFY_OPTION_COLUMNS = [1, 2, 3].map((n) => ({
  name: `Option${n} Name` as ShopifyColumn,
  value: `Option${n} Value` as ShopifyColumn,
}));

export interface ShopifyLayout {
  index: Partial<Record<ShopifyColumn, number>>;
  /** The spec metafield columns the file has, by spec. */
  specs: Partial<Record<keyof ProductSpecs, number>>;
  labels: string[];
}

/** Reads a Shopify header: names compared trimmed and case-insensitively. */
export function shopifyLayout(header: readonly string[]): ShopifyLayout {
  const labels = header.map((h) => h.trim());
  const byKey = new Map(SHOPIFY_COLUMNS.map((c) => [c.toLowerCase(), c]));
  const layout: ShopifyLayout = { index: {}, specs: {}, labels };
  labels.forEach((label, i) => {
    const column = byKey.get(label.toLowerCase());
    if (column && layout.index[column] === undefined) layout.index[column] = i;
    const key = METAFIELD.exec(label)?.[1]?.toLowerCase();
    const spec = (Object.keys(SPEC_METAFIELDS) as (keyof ProductSpecs)[]).find(
      (s) => SPEC_METAFIELDS[s].key === key,
    );
    if (spec && layout.specs[spec] === undefined) layout.specs[spec] = i;
  });
  return layout;
}
