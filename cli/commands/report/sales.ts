import { summaryQuerySchema } from '../../../shared/api/report-schemas.js';
import { reportRange } from '../../../shared/backend/reports/report-range.js';
import { salesSummary } from '../../../shared/backend/reports/sales-summary.js';
import { formatCents } from '../../../shared/domain/money.js';
import { percentChange, type SalesSummary } from '../../../shared/domain/sales-report.js';
import { command, counted } from '../../command.js';
import type { CliContext } from '../../context.js';
import { UsageError } from '../../errors.js';

const change = (current: number, previous: number) => {
  const percent = percentChange(current, previous);
  return percent === null ? '' : `${percent > 0 ? '+' : ''}${percent}%`;
};

/** Sales by UTC day (paid and shipped orders), beside the period before, as the admin dashboard shows them. */
export const salesReport = command({
  async run(ctx: CliContext, opts: { from?: string; to?: string }): Promise<SalesSummary> {
    const asked = summaryQuerySchema.safeParse({ from: opts.from, to: opts.to });
    if (!asked.success) throw new UsageError(asked.error.issues.map((i) => i.message).join('; '));
    return salesSummary(await ctx.store(), reportRange(asked.data, Date.now()));
  },
  async print(out, summary) {
    const { total, previous } = summary;
    await out.result(summary, (s) =>
      out.table(
        ['day (UTC)', 'orders', 'revenue', 'change'],
        [
          ...s.days.map((d) => [d.day, String(d.orders), formatCents(d.revenueCents), '']),
          [
            `total ${s.from} to ${s.to}`,
            String(total.orders),
            formatCents(total.revenueCents),
            change(total.revenueCents, previous.revenueCents),
          ],
          [
            `before ${previous.from} to ${previous.to}`,
            String(previous.orders),
            formatCents(previous.revenueCents),
            '',
          ],
        ],
      ),
    );
    if (out.json) return;
    out.info(
      'Revenue: totals of paid and shipped orders (shipping included) by the UTC day they were placed.',
    );
    out.info(
      `Waiting: ${counted(summary.backlog.awaitingPayment, 'order')} for payment, ${counted(summary.backlog.awaitingShipment, 'order')} to ship; ` +
        `${counted(summary.lowStock.total, 'size')} at ${summary.lowStockThreshold} units or fewer; ` +
        `${counted(summary.unsellable.total, 'available product')} with nothing to sell.`,
    );
  },
});
