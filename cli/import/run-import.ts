import type { ProductWrite, Store } from '../../shared/backend/store/port.js';
import { type ImportOptions, ImportRun } from './import-run.js';
import type { ImportSummary } from './import-summary.js';
import { LayoutError } from './layout.js';
import { planBatch } from './plan-import.js';
import { readProducts } from './read-import-file.js';

export type { ImportSummary } from './import-summary.js';

/** Makes the store undo what the import wrote, once the file turned out to have bad rows. */
class Abandon extends Error {}

/**
 * Reads the file once, a batch of products at a time (read), each judged by the shop's product rules
 * and checked against the rest of the file and the store (judge), counted and its remote images
 * downloaded (plan). The writes stream into the store's all-or-nothing bulk write (write), abandoned
 * (nothing left written) when a product is refused and --skip-invalid was not given; the summary
 * then says what was, or would have been, done (report).
 */
export async function runImport(store: Store, file: string, options: ImportOptions): Promise<ImportSummary> {
  const run = new ImportRun(store, file, options);
  await write(run);
  return report(run);
}

/** The write step: the planned writes handed to the store's bulk write, or in a dry run to no one. */
async function write(run: ImportRun): Promise<void> {
  try {
    if (run.options.dryRun) {
      // The same reading and checks, with nothing handed to the store.
      for await (const _ of plannedWrites(run));
    } else {
      await run.store.products.bulkWrite(plannedWrites(run));
      run.summary.written = true;
    }
  } catch (error) {
    if (!(error instanceof Abandon)) throw error;
  }
}

/** Each batch of the file, read, judged and planned, as the writes it makes; ends in Abandon when nothing is to stay written. */
async function* plannedWrites(run: ImportRun): AsyncGenerator<ProductWrite[]> {
  const { options, summary } = run;
  for await (const batch of readProducts(run)) {
    const writes = await planBatch(run, batch);
    // The products are judged: let them go while the store writes (they would outlive young collections).
    batch.length = 0;
    options.onRows?.(summary.rows);
    // Once a product is refused the import is to be abandoned: the rest is only read and checked.
    yield run.doomed() ? [] : writes;
  }
  if (summary.rows === 0)
    throw new LayoutError(
      summary.format === 'json'
        ? 'the file holds no products'
        : 'row 1: the file has a header but no products',
    );
  if (run.doomed()) throw new Abandon('the file has rows that were rejected');
  if (options.dryRun) throw new Abandon();
}

/** The report step: the summary, with what became of the file's image links when none were downloaded. */
function report({ summary, options }: ImportRun): ImportSummary {
  const linkCount = (n: number) => (n === 1 ? '1 image link' : `${n} image links`);
  if (summary.images.remote > 0 && !options.downloadImages)
    summary.notices.push(
      `${linkCount(summary.images.remote)} of the file kept as links to their sites (--no-download-images).`,
    );
  else if (summary.images.remote > 0 && options.dryRun)
    summary.notices.push(
      `${linkCount(summary.images.remote)} of the file would be downloaded into the shop's image store (not tried in a dry run).`,
    );
  return summary;
}
