import { rename, rm, writeFile } from 'node:fs/promises';
import type { Store } from '../../../shared/backend/store/port.js';
import { command, counted } from '../../command.js';
import type { CliContext } from '../../context.js';
import { OperationError, UsageError } from '../../errors.js';
import { jsonArrayPieces } from '../../export/json-array.js';
import { nativeHeader, nativeRows } from '../../export/native-csv.js';
import { ShopifyRows, shopifyHeader } from '../../export/shopify-csv.js';
import type { Output } from '../../output.js';
import { chunkedAsync, STORE_PAGE_SIZE } from '../../streams.js';

export type ExportFormat = 'csv' | 'json' | 'shopify';

function writeProblem(error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOENT') return 'its folder does not exist';
  if (error.code === 'EISDIR') return 'it is a folder';
  if (error.code === 'EACCES' || error.code === 'EPERM') return 'permission denied';
  return error.message;
}

/** The global --json picks JSON when --format is not given; with --format csv it asks for both, so it is refused. */
function formatOf(ctx: CliContext, format: ExportFormat | undefined): ExportFormat {
  if (format !== undefined && format !== 'json' && ctx.out.json)
    throw new UsageError(
      `--format ${format} conflicts with --json: give one of them (--json alone exports JSON)`,
    );
  return format ?? (ctx.out.json ? 'json' : 'csv');
}

/** What was exported, and where: a file, or stdout (null), which print writes the export to. */
export interface ProductExport {
  format: ExportFormat;
  file: string | null;
  /** Products written; for stdout, counted as print writes them. */
  products: number;
  /** Variants that Shopify's format shows as available, having no way to say otherwise. */
  unavailableVariantsShown: number;
}

/** The export's text, piece by piece, read from the store a page at a time as it is written. */
async function* exportText(store: Store, exported: ProductExport): AsyncGenerator<string> {
  const pages = store.products.listAllInPages(STORE_PAGE_SIZE);
  if (exported.format === 'json') {
    yield* jsonArrayPieces(pages, () => exported.products++);
    return;
  }
  const shopify = exported.format === 'shopify' ? new ShopifyRows() : null;
  yield shopify ? shopifyHeader() : nativeHeader();
  for await (const page of pages)
    for (const product of page) {
      exported.products++;
      yield shopify ? shopify.rows(product) : nativeRows(product);
    }
  exported.unavailableVariantsShown = shopify?.unavailableVariants ?? 0;
}

const texts = new WeakMap<ProductExport, AsyncIterable<string>>();

/**
 * Prints no summary: its stdout is the export itself — our CSV, Shopify's, or with --json (--format
 * json) the products as JSON, which is what `out.result` would print for them. The store is read a
 * page at a time while the export is written, so a catalogue of any size streams in flat memory.
 */
export const exportProducts = command({
  async run(ctx: CliContext, opts: { format?: ExportFormat; out?: string }): Promise<ProductExport> {
    const format = formatOf(ctx, opts.format);
    const store = await ctx.store();
    const exported: ProductExport = {
      format,
      file: opts.out ?? null,
      products: 0,
      unavailableVariantsShown: 0,
    };
    if (!opts.out) {
      texts.set(exported, exportText(store, exported));
      return exported;
    }
    // Written beside and renamed over, so a failed export never leaves half a file behind.
    const partial = `${opts.out}.partial-${process.pid}`;
    try {
      await writeFile(partial, chunkedAsync(exportText(store, exported)));
      await rename(partial, opts.out);
    } catch (error) {
      await rm(partial, { force: true });
      throw new OperationError(`Cannot write ${opts.out}: ${writeProblem(error as NodeJS.ErrnoException)}`);
    }
    return exported;
  },
  async print(out: Output, exported: ProductExport) {
    const text = texts.get(exported);
    if (text) await out.data(text);
    else out.success(`Exported ${counted(exported.products, 'product')} to ${exported.file}.`);
    if (exported.unavailableVariantsShown > 0)
      out.warn(
        `${counted(exported.unavailableVariantsShown, 'variant')} not available here ${exported.unavailableVariantsShown === 1 ? 'is' : 'are'} written as available: Shopify's format has no way to say otherwise.`,
      );
  },
});
