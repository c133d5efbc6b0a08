import { orderExportText } from '../../../shared/backend/orders/order-export.js';
import { orderPagesPlaced } from '../../../shared/backend/orders/order-pages.js';
import type { OrderExportFormat } from '../../../shared/domain/order-export-format.js';
import { dayStartMs } from '../../../shared/domain/order-listing.js';
import { command } from '../../command.js';
import type { CliContext } from '../../context.js';
import { UsageError } from '../../errors.js';

interface ExportOptions {
  from?: string;
  to?: string;
  format?: OrderExportFormat;
}

/** What print streams to stdout: the export, read from the store a page at a time as it is written. */
export interface OrderExport {
  format: OrderExportFormat;
  from: string;
  to: string;
  text: AsyncIterable<string>;
}

function day(option: string, value: string | undefined): string {
  if (value === undefined) return '';
  if (dayStartMs(value) === null)
    throw new UsageError(`${option} must be a day written YYYY-MM-DD (UTC), e.g. 2026-11-01; got "${value}"`);
  return value;
}

/** `shop orders export`: the orders placed on those days, oldest first, as CSV (one row per line) or JSON. */
export const exportOrders = command({
  async run(ctx: CliContext, opts: ExportOptions): Promise<OrderExport> {
    const from = day('--from', opts.from);
    const to = day('--to', opts.to);
    if (from && to && from > to) throw new UsageError(`--from ${from} is after --to ${to}`);
    const format = opts.format ?? (ctx.out.json ? 'json' : 'csv');
    const store = await ctx.store();
    return { format, from, to, text: orderExportText(orderPagesPlaced(store.orders, { from, to }), format) };
  },
  print: (out, exported) => out.data(exported.text),
});
