import { csvLine } from '../../shared/domain/csv-cell.js';
import type { Product } from '../../shared/domain/product.js';
import type { ProductSpecs } from '../../shared/domain/specs.js';
import { NameIndex } from '../import/name-index.js';
import {
  SHOPIFY_COLUMNS,
  SHOPIFY_OPTION_COLUMNS,
  type ShopifyColumn,
  SPEC_METAFIELDS,
  specColumn,
} from '../import/shopify-columns.js';

const SPECS = Object.keys(SPEC_METAFIELDS) as (keyof ProductSpecs)[];

/** Shopify's columns, then the specs as product metafield columns. */
export const shopifyHeader = (): string =>
  csvLine([...SHOPIFY_COLUMNS, ...SPECS.map((spec) => specColumn(SPEC_METAFIELDS[spec]))]);

/** A URL handle as Shopify makes them: lower case letters and digits between single hyphens. */
function slug(name: string): string {
  const s = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return s || 'product';
}

/**
 * Writes products as Shopify's product CSV: a handle per product (made unique), its first row with
 * the product and its first variant, a row per further variant, and its images on those rows and,
 * when it has more images than variants, on rows of their own (Handle, Image Src, Image Position).
 */
export class ShopifyRows {
  private readonly handles = new NameIndex();

  /** The variants Shopify's format cannot mark unavailable (it has no such field), counted for a warning. */
  unavailableVariants = 0;

  rows(p: Product): string {
    let handle = slug(p.name);
    if (this.handles.firstRowOrAdd(handle, 0) !== undefined) {
      handle = `${handle}-${p.id.toLowerCase()}`;
      this.handles.firstRowOrAdd(handle, 0);
    }
    const images = [p.imgUrl, ...p.images].filter((url) => url !== '');
    const lines: string[] = [];
    for (let i = 0; i < Math.max(p.variants.length, images.length); i++) {
      const cells: Partial<Record<ShopifyColumn, string>> = { Handle: handle };
      if (i === 0) {
        Object.assign(cells, {
          Title: p.name,
          'Body (HTML)': p.description,
          Vendor: p.brand,
          Type: p.category,
          Tags: p.tags.join(', '),
          Published: p.available ? 'TRUE' : 'FALSE',
          'Gift Card': 'FALSE',
          Status: p.available ? 'active' : 'draft',
        });
        if (p.options.length === 0) Object.assign(cells, { 'Option1 Name': 'Title' });
        p.options.forEach((option, k) => {
          cells[SHOPIFY_OPTION_COLUMNS[k]!.name] = option.name;
        });
      }
      const v = p.variants[i];
      if (v) {
        if (!v.available) this.unavailableVariants++;
        if (p.options.length === 0) cells['Option1 Value'] = 'Default Title';
        p.options.forEach((option, k) => {
          cells[SHOPIFY_OPTION_COLUMNS[k]!.value] = v.options[option.name] ?? '';
        });
        Object.assign(cells, {
          'Variant SKU': v.sku,
          'Variant Grams': '0',
          'Variant Inventory Tracker': v.stock === null ? '' : 'shopify',
          'Variant Inventory Qty': v.stock === null ? '' : String(v.stock),
          'Variant Inventory Policy': 'deny',
          'Variant Fulfillment Service': 'manual',
          'Variant Price': v.price.toFixed(2),
          'Variant Compare At Price': v.compareAtPrice === null ? '' : v.compareAtPrice.toFixed(2),
          'Variant Requires Shipping': 'TRUE',
          'Variant Taxable': 'TRUE',
          'Variant Image': v.imgUrl,
          'Variant Weight Unit': 'g',
        });
      }
      if (images[i]) Object.assign(cells, { 'Image Src': images[i], 'Image Position': String(i + 1) });
      const specs = SPECS.map((spec) => (i === 0 ? String(p.specs[spec] ?? '') : ''));
      lines.push(csvLine([...SHOPIFY_COLUMNS.map((column) => cells[column] ?? ''), ...specs]));
    }
    return lines.join('');
  }
}
