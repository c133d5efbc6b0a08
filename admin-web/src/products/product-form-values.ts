import type { FieldIssue } from '../../../shared/domain/errors.js';
import { type NewProductInput, newProductSchema, type Product } from '../../../shared/domain/product.js';

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

/** Checks the fields with the same schema the server uses; returns the input or the errors by field. */
export function toProductInput(
  values: ProductFormValues,
): { input: NewProductInput; errors: null } | { input: null; errors: ProductFieldErrors } {
  const price = values.price.trim();
  const stock = values.stock.trim();
  const input = {
    name: values.name,
    price: price === '' ? Number.NaN : Number(price),
    category: values.category,
    brand: values.brand,
    stock: stock === '' ? null : Number(stock),
    description: tidyDescription(values.description),
    imgUrl: values.imgUrl,
  };
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
