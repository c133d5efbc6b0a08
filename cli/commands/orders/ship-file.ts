import { shipManyFromCsv } from '../../../shared/backend/orders/ship-many.js';
import { ShipmentCsvError } from '../../../shared/backend/orders/shipment-csv.js';
import { type ShipmentReport, shipmentRowText } from '../../../shared/domain/shipment-report.js';
import { command, counted } from '../../command.js';
import type { CliContext } from '../../context.js';
import { OperationError, UsageError } from '../../errors.js';
import { detectEncoding, openDecoded } from '../../import/file-encoding.js';
import type { Output } from '../../output.js';

interface ShipFileOptions {
  fromFile: string;
  skipInvalid?: boolean;
  tracking?: string;
  carrier?: string;
}

/** The file's text, converted as the products import converts it (UTF-16 and Windows-1252 from spreadsheets). */
async function readText(file: string): Promise<string> {
  try {
    const { text } = openDecoded(file, await detectEncoding(file));
    let read = '';
    for await (const chunk of text) read += chunk.toString();
    return read;
  } catch (error) {
    throw new OperationError(`Cannot read ${file}: ${(error as Error).message}`);
  }
}

/**
 * `shop orders ship --from-file F`: ships the paid orders a CSV names (columns order, tracking,
 * carrier), each e-mailing its shopper as a single shipment does; nothing when a row is rejected,
 * unless --skip-invalid. The per-row report is its data.
 */
export const shipFromFile = command({
  async run(ctx: CliContext, ref: string | undefined, opts: ShipFileOptions): Promise<ShipmentReport> {
    if (ref !== undefined || opts.tracking !== undefined || opts.carrier !== undefined)
      throw new UsageError(
        '--from-file ships the orders the file names: give no order, --tracking or --carrier with it',
      );
    const text = await readText(opts.fromFile);
    const store = await ctx.mailingStore();
    try {
      return await shipManyFromCsv(store.orders, text, { skipInvalid: opts.skipInvalid === true });
    } catch (error) {
      if (error instanceof ShipmentCsvError) throw new OperationError(`${opts.fromFile}: ${error.message}`);
      throw error;
    }
  },
  async print(out: Output, report: ShipmentReport, _ref: string | undefined, opts: ShipFileOptions) {
    await out.result(report, (r) => r.rows.map(shipmentRowText).join('\n'));
    const shipped = `Shipped ${counted(report.shipped, 'order')}`;
    if (report.rejected === 0 && report.shipped === report.rows.length) return out.success(`${shipped}.`);
    const rejected = `${counted(report.rejected, 'row')} rejected`;
    if (!opts.skipInvalid && report.rejected > 0)
      throw new OperationError(
        `${rejected}: nothing was shipped (the valid rows are "not written"). Correct the file, or ship the valid rows with --skip-invalid.`,
      );
    throw new OperationError(
      `${shipped}; ${rejected}, ${report.rows.length - report.shipped - report.rejected} failed.`,
    );
  },
});
