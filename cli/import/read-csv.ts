import { type Parser, parse } from 'csv-parse';
import { CsvError } from './csv-error.js';
import { detectEncoding, type FileEncoding, openDecoded } from './file-encoding.js';

export interface CsvRow {
  /** 1-based, the header being row 1, as a spreadsheet numbers them. */
  row: number;
  record: string[];
}

/** Far above any valid product row (a description holds at most 20,000 characters), and it bounds memory. */
const MAX_ROW_CHARS = 1_000_000;

/**
 * Streams a CSV file's records in batches, so memory stays flat whatever the file's size. The text
 * encoding is told first (detectEncoding: files that are not UTF-8 are converted, `onEncoding` hears
 * how); a BOM is dropped, CRLF and LF both end records, quoted fields may hold commas, quotes and line
 * breaks; empty rows are left out, but counted, so that rows keep the numbers a spreadsheet shows.
 * `onBytes` reports progress through the file.
 */
export async function* readCsvBatches(
  file: string,
  batchSize: number,
  onBytes?: (bytesRead: number) => void,
  onEncoding?: (encoding: FileEncoding) => void,
): AsyncGenerator<CsvRow[]> {
  const encoding = await detectEncoding(file);
  onEncoding?.(encoding);
  const { bytes: input, text } = openDecoded(file, encoding);
  let bytes = 0;
  if (onBytes)
    input.on('data', (chunk) => {
      bytes += chunk.length;
      onBytes(bytes);
    });
  const parser = text.pipe(
    // Blank lines stay records here so that row numbers match the spreadsheet's; they are skipped below.
    parse({ bom: true, relax_column_count: true, info: false, max_record_size: MAX_ROW_CHARS }),
  );
  input.on('error', (error) => parser.destroy(error));
  if (text !== input) text.on('error', (error) => parser.destroy(error));
  let row = 0;
  try {
    for await (const records of drain(parser, batchSize)) {
      const rows: CsvRow[] = [];
      for (const record of records) {
        row++;
        // A blank line, or a row of empty cells as spreadsheets export below the data (",,,")
        if (!record.every((field) => field === '')) rows.push({ row, record });
      }
      if (rows.length) yield rows;
    }
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { records?: number };
    if (e.code === 'ENOENT') throw new CsvError('no such file');
    if (e.code === 'EISDIR') throw new CsvError('it is a folder, not a file');
    // csv-parse's codes mostly start with CSV_, but not all (INVALID_OPENING_QUOTE); its `records`
    // counts the records parsed before the bad one, which may run ahead of the batches yielded.
    if (e.code === 'CSV_MAX_RECORD_SIZE')
      throw new CsvError(
        `row ${(e.records ?? row) + 1}: longer than ${MAX_ROW_CHARS.toLocaleString('en-US')} characters, more than any product needs (a quote left open?)`,
      );
    if (e.code?.startsWith('CSV_') || e.code === 'INVALID_OPENING_QUOTE')
      throw new CsvError(`row ${(e.records ?? row) + 1}: ${e.message}`);
    throw error;
  } finally {
    input.destroy();
  }
}

/**
 * Reads whatever the parser has buffered in one go, waiting for 'readable' only when it is empty:
 * several times faster than `for await` over the parser, which pays for a promise per record.
 */
async function* drain(parser: Parser, batchSize: number): AsyncGenerator<string[][]> {
  let ended = false;
  let failure: unknown = null;
  let wake = () => {};
  parser.on('readable', () => wake());
  parser.on('end', () => {
    ended = true;
    wake();
  });
  parser.on('error', (error) => {
    failure = error;
    wake();
  });
  for (;;) {
    const batch: string[][] = [];
    while (batch.length < batchSize) {
      const record = parser.read() as string[] | null;
      if (record === null) break;
      batch.push(record);
    }
    // Read again after every yield: while the consumer awaited (a Firestore batch, say) the parser may
    // have buffered more and fired 'readable' already, and it will not fire again until read from.
    if (batch.length) {
      yield batch;
      continue;
    }
    if (failure) throw failure;
    if (ended) return;
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  }
}
