import type { FieldIssue } from '../../../shared/domain/errors.js';
import {
  type NewProductInput,
  newProductSchema,
  type Product,
  type ProductPatchInput,
} from '../../../shared/domain/product.js';

/** The editor's fields as typed; numbers stay text until saved so half-typed values are kept. */
export interface ProductFormValues {
  name: string;
  price: string;
  category: string;
  brand: string;
  stock: string;
  available: boolean;
  description: string;
  imgUrl: string;
}

export const EMPTY_FORM: ProductFormValues = {
  name: '',
  price: '',
  category: '',
  brand: '',
  stock: '',
  available: true,
  description: '',
  imgUrl: '',
};

export function formValuesOf(p: Product): ProductFormValues {
  return {
    name: p.name,
    price: p.price.toFixed(2),
    category: p.category,
    brand: p.brand,
    stock: p.stock === null ? '' : String(p.stock),
    available: p.available,
    description: p.description,
    imgUrl: p.imgUrl,
  };
}

/** Empty paragraphs at either end are the editor's leftovers (an empty editor holds `<p></p>`). */
export const tidyDescription = (html: string) =>
  html.replace(/^(\s*<p>(\s|<br\s*\/?>)*<\/p>)+|(<p>(\s|<br\s*\/?>)*<\/p>\s*)+$/g, '').trim();

export type ProductFieldErrors = Partial<Record<keyof ProductFormValues, string>>;

/** The form's values in the API's types, unchecked. */
function rawInput(values: ProductFormValues) {
  const price = values.price.trim();
  const stock = values.stock.trim();
  return {
    name: values.name,
    price: price === '' ? Number.NaN : Number(price),
    category: values.category,
    brand: values.brand,
    stock: stock === '' ? null : Number(stock),
    description: tidyDescription(values.description),
    imgUrl: values.imgUrl,
  };
}

/** Checks the fields with the same schema the server uses; returns the input or the errors by field. */
export function toProductInput(
  values: ProductFormValues,
): { input: NewProductInput; errors: null } | { input: null; errors: ProductFieldErrors } {
  const input = rawInput(values);
  const result = newProductSchema.safeParse(input);
  if (result.success) return { input, errors: null };
  return {
    input: null,
    errors: fieldErrors(result.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }))),
  };
}

export function fieldErrors(issues: readonly FieldIssue[]): ProductFieldErrors {
  const errors: ProductFieldErrors = {};
  for (const { field, message } of issues) {
    const key = field as keyof ProductFormValues;
    errors[key] ??= key === 'price' && message.includes('number') ? 'Enter a price, e.g. 49.99' : message;
  }
  return errors;
}

export type ProductField = keyof ProductFormValues;

/** Every field of the editor, in the order it shows them. */
export const PRODUCT_FIELDS: readonly ProductField[] = [
  'name',
  'price',
  'category',
  'brand',
  'stock',
  'available',
  'imgUrl',
  'description',
];

export const PRODUCT_FIELD_LABELS: Record<ProductField, string> = {
  name: 'Name',
  price: 'Price',
  category: 'Category',
  brand: 'Brand',
  stock: 'Stock',
  available: 'Available',
  imgUrl: 'Image',
  description: 'Description',
};

/** Each field as it would be saved; spacing the server trims away is no change. */
function comparable(values: ProductFormValues): Record<ProductField, unknown> {
  const input = rawInput(values);
  const trimmed = (text: string) => text.trim();
  return {
    ...input,
    name: trimmed(input.name),
    category: trimmed(input.category),
    brand: trimmed(input.brand),
    imgUrl: trimmed(input.imgUrl),
    available: values.available,
  };
}

/** The fields whose saved value differs between two states of the form. */
export function changedFields(from: ProductFormValues, to: ProductFormValues): ProductField[] {
  const a = comparable(from);
  const b = comparable(to);
  return PRODUCT_FIELDS.filter((field) => !Object.is(a[field], b[field]));
}

/** What an edit sends: only the fields the admin changed, so it never writes back a value it did not change. */
export function editPatch(
  opened: ProductFormValues,
  edited: ProductFormValues,
  checked: NewProductInput,
): ProductPatchInput {
  const patch: Record<string, unknown> = {};
  for (const field of changedFields(opened, edited))
    patch[field] = field === 'available' ? edited.available : checked[field];
  return patch as ProductPatchInput;
}

/** The admin's own changes (from `opened` to `mine`) made again onto `current`. */
export function reapplyChanges(
  opened: ProductFormValues,
  mine: ProductFormValues,
  current: ProductFormValues,
): ProductFormValues {
  const result: Record<ProductField, unknown> = { ...current };
  for (const field of changedFields(opened, mine)) result[field] = mine[field];
  return result as unknown as ProductFormValues;
}

/** A field's value as the admin reads it in a comparison. */
export function shownValue(values: ProductFormValues, field: ProductField): string {
  switch (field) {
    case 'price': {
      const price = Number(values.price.trim());
      return values.price.trim() !== '' && Number.isFinite(price) ? `$${price.toFixed(2)}` : values.price;
    }
    case 'stock':
      return values.stock.trim() === '' ? 'Not tracked' : values.stock.trim();
    case 'available':
      return values.available ? 'Yes' : 'No';
    case 'description': {
      const text = tidyDescription(values.description)
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      return text.length > 120 ? `${text.slice(0, 119)}…` : text || '(empty)';
    }
    default:
      return values[field].trim() || '(empty)';
  }
}
