import { createReadStream } from 'node:fs';
import streamArray from 'stream-json/streamers/stream-array.js';
import { CsvError } from './csv-error.js';
import { CSV_COLUMNS } from './layout.js';
import type { CsvRow } from './read-csv.js';

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

function record(item: unknown): string[] {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return [];
  const p = item as Record<string, unknown>;
  return [p.name, p.price, p.description, p.category, p.brand, p.stock, p.available, p.imgUrl ?? p.image].map(
    text,
  );
}

function readProblem(error: Error & { code?: string }): string {
  if (error.code === 'ENOENT') return 'no such file';
  if (error.code === 'EISDIR') return 'it is a folder';
  if (/Top-level object should be an array/.test(error.message))
    return 'expected a JSON array of products, as export --format json writes';
  return `not valid JSON (${error.message})`;
}

/**
 * Reads what `shop products export --format json` writes — an array of products — as rows of our CSV
 * columns: a header (row 0) and item n as row n. Streamed item by item, so memory stays flat
 * whatever the file's size, as with CSV.
 */
export async function* readJsonBatches(file: string, batchSize: number): AsyncGenerator<CsvRow[]> {
  const source = createReadStream(file);
  const items = source.pipe(streamArray.withParserAsStream());
  source.once('error', (error) => items.destroy(error));
  let batch: CsvRow[] = [{ row: 0, record: [...CSV_COLUMNS] }];
  let read = 0;
  try {
    for await (const { value } of items as AsyncIterable<{ key: number; value: unknown }>) {
      read++;
      batch.push({ row: read, record: record(value) });
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
  yield batch;
}
