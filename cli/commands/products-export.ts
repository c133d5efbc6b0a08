import { rename, rm, writeFile } from 'node:fs/promises';
import type { Product } from '../../shared/domain/product.js';
import { command } from '../command.js';
import type { CliContext } from '../context.js';
import { OperationError, UsageError } from '../errors.js';
import { CSV_COLUMNS } from '../import/layout.js';
import { escapeForSpreadsheet } from '../import/spreadsheet-escape.js';
import { jsonPieces } from '../output.js';
import { chunked } from '../streams.js';

const csvCell = (value: string) =>
  /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/**
 * Our CSV: the columns import reads, one product a row, CRLF line ends as RFC 4180 has them, and no
 * cell a spreadsheet would run as a formula.
 */
export function* productsCsv(products: Product[]): Generator<string> {
  const cells = (p: Product): string[] => [
    p.name,
    String(p.price),
    p.description,
    p.category,
    p.brand,
    p.stock === null ? '' : String(p.stock),
    String(p.available),
    p.imgUrl,
  ];
  const row = (p: Product) => cells(p).map((cell) => csvCell(escapeForSpreadsheet(cell)));
  yield `${CSV_COLUMNS.join(',')}\r\n`;
  for (const p of products) yield `${row(p).join(',')}\r\n`;
}

function writeProblem(error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOENT') return 'its folder does not exist';
  if (error.code === 'EISDIR') return 'it is a folder';
  if (error.code === 'EACCES' || error.code === 'EPERM') return 'permission denied';
  return error.message;
}

/** The global --json picks JSON when --format is not given; with --format csv it asks for both, so it is refused. */
function formatOf(ctx: CliContext, format: 'csv' | 'json' | undefined): 'csv' | 'json' {
  if (format === 'csv' && ctx.out.json)
    throw new UsageError('--format csv conflicts with --json: give one of them (--json alone exports JSON)');
  return format ?? (ctx.out.json ? 'json' : 'csv');
}

/** The exported products, and the file they were written to, or null when they go to stdout. */
export interface ProductExport {
  format: 'csv' | 'json';
  file: string | null;
  products: Product[];
}

const piecesOf = ({ format, products }: ProductExport) =>
  format === 'json' ? jsonPieces(products) : productsCsv(products);

/**
 * Prints no summary: its stdout is the export itself, CSV, or with --json (--format json) the
 * products as JSON, which is what `out.result` would print for them.
 */
export const exportProducts = command({
  async run(ctx: CliContext, opts: { format?: 'csv' | 'json'; out?: string }): Promise<ProductExport> {
    const format = formatOf(ctx, opts.format);
    const products = await (await ctx.store()).products.listAll();
    const exported = { format, file: opts.out ?? null, products };
    if (!opts.out) return exported;
    // Written beside and renamed over, so a failed export never leaves half a file behind.
    const partial = `${opts.out}.partial-${process.pid}`;
    try {
      await writeFile(partial, chunked(piecesOf(exported)));
      await rename(partial, opts.out);
    } catch (error) {
      await rm(partial, { force: true });
      throw new OperationError(`Cannot write ${opts.out}: ${writeProblem(error as NodeJS.ErrnoException)}`);
    }
    return exported;
  },
  async print(out, exported) {
    if (exported.file) out.success(`Exported ${exported.products.length} products to ${exported.file}.`);
    else await out.data(piecesOf(exported));
  },
});
