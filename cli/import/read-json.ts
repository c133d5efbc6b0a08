import { createReadStream } from 'node:fs';
import streamArray from 'stream-json/streamers/stream-array.js';
import { CsvError } from './csv-error.js';
import type { ImportedProduct } from './imported-product.js';
import { ProductNotes } from './product-notes.js';

type Input = ImportedProduct['input'];

/** The product fields of export's JSON that import reads; the others (id, price, dates…) the store makes. */
const PRODUCT_KEYS = [
  'name',
  'description',
  'category',
  'brand',
  'imgUrl',
  'images',
  'tags',
  'available',
  'specs',
];
const VARIANT_KEYS = ['sku', 'options', 'price', 'compareAtPrice', 'stock', 'available', 'imgUrl'];
/** A product sold one way, as JSON written before sizes (or by hand) gives it. */
const SINGLE_KEYS = ['price', 'stock', 'sku', 'compareAtPrice'];

function readProblem(error: Error & { code?: string }): string {
  if (error.code === 'ENOENT') return 'no such file';
  if (error.code === 'EISDIR') return 'it is a folder';
  if (/Top-level object should be an array/.test(error.message))
    return 'expected a JSON array of products, as export --format json writes';
  return `not valid JSON (${error.message})`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Reads what `shop products export --format json` writes — an array of products, each with its
 * options and variants — or older JSON with one price per product. Item n is "row" n of the report,
 * and a field's path its "column". Streamed item by item, so memory stays flat whatever the file's size.
 */
export async function* readJsonBatches(file: string, batchSize: number): AsyncGenerator<ImportedProduct[]> {
  const source = createReadStream(file);
  const items = source.pipe(streamArray.withParserAsStream());
  source.once('error', (error) => items.destroy(error));
  let batch: ImportedProduct[] = [];
  let read = 0;
  try {
    for await (const { value } of items as AsyncIterable<{ key: number; value: unknown }>) {
      batch.push(jsonProduct(++read, value));
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
  } catch (error) {
    throw new CsvError(readProblem(error as Error & { code?: string }));
  } finally {
    source.destroy();
  }
  if (batch.length) yield batch;
}

function jsonProduct(item: number, value: unknown): ImportedProduct {
  const notes = new ProductNotes(item);
  if (!isObject(value)) {
    notes.problem(item, null, 'is not a product object');
    return notes.product([item], { name: '' });
  }
  const input: Record<string, unknown> = {};
  const take = (from: Record<string, unknown>, key: string, to: Record<string, unknown>, path: string) => {
    if (from[key] === undefined) return false;
    to[key] = from[key];
    notes.from(path, item, path);
    return true;
  };
  for (const key of PRODUCT_KEYS) if (take(value, key, input, key)) notes.fields.add(key);
  if (value.imgUrl === undefined && take(value, 'image', input, 'image')) {
    input.imgUrl = input.image;
    delete input.image;
    notes.from('imgUrl', item, 'image');
    notes.fields.add('imgUrl');
  }
  if (Array.isArray(value.variants)) {
    if (take(value, 'options', input, 'options')) notes.fields.add('options');
    input.variants = value.variants.map((v: unknown, i) => {
      if (!isObject(v)) return v;
      const variant: Record<string, unknown> = {};
      for (const key of VARIANT_KEYS)
        if (take(v, key, variant, `variants.${i}.${key}`)) notes.fields.add(`variants.${key}`);
      return variant;
    });
    notes.fields.add('variants');
    notes.from('variants', item, 'variants');
  } else {
    for (const key of SINGLE_KEYS) if (take(value, key, input, key)) notes.fields.add(key);
    if (value.price === undefined) notes.problem(item, 'price', 'Price is required');
  }
  if (typeof input.name !== 'string') {
    if (input.name !== undefined) notes.problem(item, 'name', 'Name must be text');
    input.name = '';
  }
  return notes.product([item], input as Input);
}
