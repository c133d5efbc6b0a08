import { summaryQuerySchema } from '../../../shared/api/report-schemas.js';
import { reportRange } from '../../../shared/backend/reports/report-range.js';
import type { AffiliateSales } from '../../../shared/domain/affiliate-report.js';
import { formatCents } from '../../../shared/domain/money.js';
import { dayRangeMs } from '../../../shared/domain/sales-report.js';
import { command } from '../../command.js';
import type { CliContext } from '../../context.js';
import { UsageError } from '../../errors.js';

/** What GET /api/admin/reports/affiliates answers. */
export interface AffiliateReport {
  from: string;
  to: string;
  affiliates: AffiliateSales[];
}

const sum = (rows: AffiliateSales[], field: 'orders' | 'revenueCents' | 'commissionCents') =>
  rows.reduce((total, row) => total + row[field], 0);

/** Each affiliate's paid and shipped orders placed in those UTC days: codes, orders, revenue and commission. */
export const affiliatesReport = command({
  async run(ctx: CliContext, opts: { from?: string; to?: string }): Promise<AffiliateReport> {
    const asked = summaryQuerySchema.safeParse({ from: opts.from, to: opts.to });
    if (!asked.success) throw new UsageError(asked.error.issues.map((i) => i.message).join('; '));
    const range = reportRange(asked.data, Date.now());
    const { fromMs, toMs } = dayRangeMs(range.from, range.to);
    return { ...range, affiliates: await (await ctx.store()).reports.affiliateSales(fromMs, toMs) };
  },
  async print(out, report) {
    const { affiliates } = report;
    await out.result(report, () =>
      affiliates.length === 0
        ? ''
        : out.table(
            ['affiliate', 'codes', 'orders', 'revenue', 'commission'],
            [
              ...affiliates.map((a) => [
                a.affiliate,
                a.codes.join(', '),
                String(a.orders),
                formatCents(a.revenueCents),
                formatCents(a.commissionCents),
              ]),
              [
                `total ${report.from} to ${report.to}`,
                '',
                String(sum(affiliates, 'orders')),
                formatCents(sum(affiliates, 'revenueCents')),
                formatCents(sum(affiliates, 'commissionCents')),
              ],
            ],
          ),
    );
    if (out.json) return;
    out.info(
      affiliates.length === 0
        ? `No paid order from ${report.from} to ${report.to} used an affiliate's code.`
        : 'Revenue: goods after the code’s discount (no shipping or tax) of paid and shipped orders, by the UTC day placed; cancelled orders are left out.',
    );
  },
});
