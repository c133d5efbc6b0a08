import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';

export interface CsvRow {
  /** 1-based, the header being row 1, as a spreadsheet numbers them. */
  row: number;
  record: string[];
}

export class CsvError extends Error {}

/**
 * Streams a CSV file's records in batches, so memory stays flat whatever the file's size. A BOM is
 * dropped, CRLF and LF both end records, quoted fields may hold commas, quotes and line breaks.
 * `onBytes` reports progress through the file.
 */
export async function* readCsvBatches(
  file: string,
  batchSize: number,
  onBytes?: (bytesRead: number) => void,
): AsyncGenerator<CsvRow[]> {
  const input = createReadStream(file);
  let bytes = 0;
  if (onBytes)
    input.on('data', (chunk) => {
      bytes += chunk.length;
      onBytes(bytes);
    });
  const parser = input.pipe(
    parse({ bom: true, skip_empty_lines: true, relax_column_count: true, info: false }),
  );
  input.on('error', (error) => parser.destroy(error));
  let row = 0;
  let batch: CsvRow[] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      batch.push({ row: ++row, record });
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { lines?: number };
    if (e.code === 'ENOENT') throw new CsvError('no such file');
    if (e.code === 'EISDIR') throw new CsvError('it is a folder, not a file');
    if (e.code?.startsWith('CSV_')) throw new CsvError(`row ${row + 1}: ${e.message}`);
    throw error;
  } finally {
    input.destroy();
  }
  if (batch.length) yield batch;
}
