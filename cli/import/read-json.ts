import { readFile } from 'node:fs/promises';
import { CSV_COLUMNS } from './layout.js';
import { CsvError, type CsvRow } from './read-csv.js';

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/**
 * Reads what `shop products export --format json` writes — an array of products — as rows of our CSV
 * columns: a header (row 0) and item n as row n. Unlike CSV it is read whole, as JSON cannot stream
 * without a parser of its own; exports of even large catalogues fit.
 */
export async function* readJsonBatches(file: string, batchSize: number): AsyncGenerator<CsvRow[]> {
  let items: unknown;
  try {
    items = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CsvError('no such file');
    throw new CsvError(`not valid JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(items))
    throw new CsvError('expected a JSON array of products, as export --format json writes');
  let batch: CsvRow[] = [{ row: 0, record: [...CSV_COLUMNS] }];
  for (const [i, item] of items.entries()) {
    const p = (item ?? {}) as Record<string, unknown>;
    const record = [
      p.name,
      p.price,
      p.description,
      p.category,
      p.brand,
      p.stock,
      p.available,
      p.imgUrl ?? p.image,
    ];
    batch.push({ row: i + 1, record: typeof item === 'object' ? record.map(text) : [] });
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  yield batch;
}
