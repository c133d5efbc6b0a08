import { stat } from 'node:fs/promises';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import type { ImageStore } from '../../../shared/backend/images/port.js';
import {
  BulkImportIncompleteError,
  type WrittenProduct,
} from '../../../shared/backend/store/bulk-import-incomplete-error.js';
import { DuplicateNameError } from '../../../shared/domain/errors.js';
import { command, counted } from '../../command.js';
import type { CliContext } from '../../context.js';
import { OperationError } from '../../errors.js';
import { CsvError } from '../../import/csv-error.js';
import type { DownloadImages } from '../../import/import-images.js';
import type { RowNote } from '../../import/imported-product.js';
import { LayoutError } from '../../import/layout.js';
import { type ImportSummary, runImport } from '../../import/run-import.js';
import type { Output } from '../../output.js';
import { ProgressBar } from '../../progress.js';
import type { Cell } from '../../text-table.js';

interface ImportFlags {
  dryRun?: boolean;
  updateExisting?: boolean;
  skipInvalid?: boolean;
  /** false for --no-download-images */
  downloadImages?: boolean;
}

/** Long enough to be worth a progress bar. */
const PROGRESS_FROM_BYTES = 256 * 1024;

async function run(ctx: CliContext, file: string, flags: ImportFlags): Promise<ImportSummary> {
  const holdYoungGeneration = youngGenerationHeldAtImportSize();
  const size = (await stat(file).catch(() => null))?.size ?? 0;
  const showProgress = ctx.io.stderr.isTTY === true && !ctx.out.options.quiet && size >= PROGRESS_FROM_BYTES;
  const bar = showProgress ? new ProgressBar(ctx.io.stderr, size) : null;
  const store = await ctx.store();
  try {
    return await runImport(store, file, {
      dryRun: flags.dryRun === true,
      updateExisting: flags.updateExisting === true,
      skipInvalid: flags.skipInvalid === true,
      ...(flags.downloadImages === false ? {} : { downloadImages: downloader(ctx) }),
      ...(bar ? { onBytes: (bytes) => bar.update({ bytes }) } : {}),
      onRows: (rows) => {
        holdYoungGeneration();
        bar?.update({ rows });
      },
    });
  } catch (error) {
    if (error instanceof LayoutError || error instanceof CsvError)
      throw new OperationError(`${file}: ${error.message}. Nothing was written.`);
    if (error instanceof BulkImportIncompleteError) throw new OperationError(leftBehind(file, error));
    throw error;
  } finally {
    bar?.done();
  }
}

/** The young generation's semi-space an import works best with. */
const IMPORT_SEMI_SPACE_BYTES = 4 * 1024 * 1024;

/**
 * An import allocates fast and briefly (a row is judged and written within milliseconds). Left to
 * itself, V8 grows its young generation to 3 × 16 MB of such garbage (a 1,000,000-row import then
 * peaks 40 MB higher); held at its first 1 MB semi-space, it collects so often that copying the
 * batch in hand costs a tenth of the import's CPU. Grown to 4 MB and held there, the 100,000-row
 * import uses 0.15 s less CPU at the same peak memory (npm run bench). V8 reads the growth factor
 * whenever it resizes, so changing it mid-run takes effect; the returned check, run after each
 * batch, stops the growth once the young generation is 4 MB (it grows a doubling per several batches).
 */
function youngGenerationHeldAtImportSize(): () => void {
  setFlagsFromString('--semi-space-growth-factor=2');
  let held = false;
  return () => {
    if (held) return;
    const young = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    if (young && young.space_size < IMPORT_SEMI_SPACE_BYTES) return;
    setFlagsFromString('--semi-space-growth-factor=1');
    held = true;
  };
}

/** Downloads into the shop's image store (the data folder's, or the bucket), the image store opened on first use. */
function downloader(ctx: CliContext): DownloadImages {
  let images: Promise<ImageStore> | null = null;
  return async (urls) => {
    images ??= ctx.images();
    const { downloadImages } = await import('../../../shared/backend/images/download-images.js');
    return downloadImages(urls, await images);
  };
}

/** What the table calls each count: never "created" for what was not written. */
function labels(s: ImportSummary) {
  if (s.written) return { head: 'done', created: 'created', updated: 'updated', removed: 'removed' };
  return {
    head: s.dryRun ? 'dry run' : 'not written',
    created: 'to create',
    updated: 'to update',
    removed: 'to remove',
  };
}

/** The notes, the counts, and exit code 1 when any row was rejected. */
async function print(out: Output, summary: ImportSummary, file: string, flags: ImportFlags): Promise<void> {
  for (const notice of summary.notices) out.warn(notice);
  if (summary.unknownColumns.length)
    out.warn(
      `Ignored column${summary.unknownColumns.length > 1 ? 's' : ''}: ${summary.unknownColumns.join(', ')}`,
    );
  const [unit, part] = summary.format === 'json' ? ['item', 'field'] : ['row', 'column'];
  const where = (n: RowNote) => `${unit} ${n.row}${n.column ? `, ${part} ${n.column}` : ''}: ${n.message}`;
  for (const w of summary.warnings) out.warn(where(w));
  if (summary.warningCount > summary.warnings.length)
    out.warn(`…and more; ${summary.warningCount} warnings in all.`);
  for (const p of summary.problems) out.error(where(p));
  if (summary.rejectedProducts > summary.problems.length)
    out.error(`…and more; ${summary.rejected} rows were rejected in all.`);

  await out.result(summary, (s) => {
    const l = labels(s);
    const rows: Cell[][] = [
      [l.created, s.created, s.variants.created, ''],
      [l.updated, s.updated, s.variants.updated, ''],
    ];
    if (s.variants.removed > 0) rows.push([l.removed, '', s.variants.removed, '']);
    rows.push(['rejected', s.rejectedProducts, '', s.rejected]);
    rows.push(['read', s.created + s.updated + s.rejectedProducts, '', s.rows]);
    return out.table([l.head, 'products', 'variants', unit === 'row' ? 'rows' : 'items'], rows);
  });
  const failed = summary.rejected > 0 && !flags.skipInvalid;
  if (summary.dryRun) {
    out.info(
      failed
        ? 'Dry run: nothing written. The import would fail on the rows above (or use --skip-invalid).'
        : 'Dry run: nothing written.',
    );
  } else if (summary.written) {
    out.success(
      `Imported ${summary.created} new and ${summary.updated} updated products from ${file}` +
        (summary.images.downloaded > 0
          ? `, with ${counted(summary.images.downloaded, 'image')} downloaded.`
          : '.'),
    );
  }
  if (failed) {
    throw new OperationError(
      summary.dryRun
        ? `${counted(summary.rejected, 'row')} would be rejected`
        : `${counted(summary.rejected, 'bad row')}: nothing was written (use --skip-invalid to import the good rows)`,
    );
  }
  if (summary.rejected > 0)
    throw new OperationError(
      summary.dryRun
        ? `${counted(summary.rejected, 'row')} would be rejected (listed above); the others would be imported`
        : `${counted(summary.rejected, 'row')} rejected (listed above); the other rows were imported`,
    );
}

export const importProducts = command({ run, print });

/** One product a line, so that an operator can work through (or script) the clean-up. */
function leftBehind(file: string, error: BulkImportIncompleteError): string {
  const lines = (label: string, products: WrittenProduct[]) =>
    products.map((p) => `\n  ${label}: ${p.name} (id ${p.id})`).join('');
  const reason =
    error.cause instanceof DuplicateNameError ? `${error.reason}: ${error.cause.productName}` : error.reason;
  return (
    `${file}: the import failed part way (${reason}), and undoing it failed too. ` +
    'Everything else it wrote was undone; these products are still as the import left them:' +
    lines('created', error.stillCreated) +
    lines('updated, not restored', error.stillUpdated) +
    '\nDelete the created ones and check the updated ones (shop products list --all) before importing again.'
  );
}
