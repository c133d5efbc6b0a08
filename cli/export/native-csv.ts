import { csvLine } from '../../shared/domain/csv-cell.js';
import type { Product } from '../../shared/domain/product.js';
import type { ProductSpecs } from '../../shared/domain/specs.js';
import {
  joinImages,
  joinTags,
  NATIVE_COLUMNS,
  type NativeColumn,
  OPTION_COLUMNS,
  SPEC_COLUMNS,
  VARIANT_COLUMNS,
} from '../import/native-columns.js';

const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** Our CSV's header line. */
export const nativeHeader = (): string => csvLine(NATIVE_COLUMNS);

/**
 * A product as our CSV's rows: one per variant, each naming the product; the product's own columns
 * on the first row only, as import reads them.
 */
export function nativeRows(p: Product): string {
  return p.variants
    .map((v, i) => {
      const cells: Record<NativeColumn, string> = {
        name: p.name,
        price: String(v.price),
        description: p.description,
        category: p.category,
        brand: p.brand,
        stock: text(v.stock),
        available: String(p.available),
        image: p.imgUrl,
        sku: v.sku,
        'compare-at': text(v.compareAtPrice),
        'option1 name': '',
        'option1 value': '',
        'option2 name': '',
        'option2 value': '',
        'option3 name': '',
        'option3 value': '',
        'variant available': String(v.available),
        'variant image': v.imgUrl,
        images: joinImages(p.images),
        tags: joinTags(p.tags),
        cas: '',
        formula: '',
        mw: '',
        sequence: '',
        purity: '',
        form: '',
        storage: '',
      };
      p.options.forEach((option, k) => {
        cells[OPTION_COLUMNS[k]!.name] = option.name;
        cells[OPTION_COLUMNS[k]!.value] = v.options[option.name] ?? '';
      });
      for (const [column, key] of Object.entries(SPEC_COLUMNS) as [NativeColumn, keyof ProductSpecs][])
        cells[column] = String(p.specs[key] ?? '');
      return csvLine(
        NATIVE_COLUMNS.map((column) =>
          i === 0 || column === 'name' || VARIANT_COLUMNS.has(column) ? cells[column] : '',
        ),
      );
    })
    .join('');
}
