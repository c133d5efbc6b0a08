import type { ImportRun } from './import-run.js';
import type { ImportedProduct } from './imported-product.js';
import { csvFormatOf, LayoutError } from './layout.js';
import { type CsvRow, readCsvBatches } from './read-csv.js';
import { readJsonBatches } from './read-json.js';
import { readNativeCsv } from './read-native-csv.js';
import { readShopify } from './read-shopify.js';
import { isWooCommerceHeader, readWooCommerce } from './woocommerce.js';

const BATCH_ROWS = 250;

/** The read step: the file's products, a batch at a time, by the reader its name and header call for. */
export async function* readProducts(run: ImportRun): AsyncGenerator<ImportedProduct[]> {
  const { file, options, summary } = run;
  if (/\.json$/i.test(file)) {
    summary.format = 'json';
    yield* readJsonBatches(file, BATCH_ROWS);
    return;
  }
  const rows = readCsvBatches(file, BATCH_ROWS, options.onBytes, ({ notice }) => {
    if (notice) summary.notices.push(notice);
  });
  const first = await rows.next();
  if (first.done)
    throw new LayoutError('the file is empty — expected a header row with at least name and price');
  const [header, ...rest] = first.value;
  const format = isWooCommerceHeader(header!.record) ? 'woocommerce' : csvFormatOf(header!.record);
  summary.format = format;
  if (format === 'woocommerce') {
    // It reads the file twice, itself (its variations may come before their parent).
    await rows.return(undefined);
    yield* readWooCommerce(file, {
      batchSize: BATCH_ROWS,
      ...(options.onBytes ? { onBytes: options.onBytes } : {}),
    });
    return;
  }
  const after = async function* () {
    if (rest.length) yield rest;
    yield* rows;
  };
  const read = format === 'shopify' ? readShopify : readNativeCsv;
  yield* read(header as CsvRow, after(), summary);
}
