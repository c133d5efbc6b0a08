import { Hono } from 'hono';
import { summaryQuerySchema } from '../../shared/api/report-schemas.js';
import { reportRange } from '../../shared/backend/reports/report-range.js';
import { salesSummary } from '../../shared/backend/reports/sales-summary.js';
import type { AffiliateSales } from '../../shared/domain/affiliate-report.js';
import { dayRangeMs, type SalesSummary } from '../../shared/domain/sales-report.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { requireAdmin } from '../middleware/auth.js';
import { validate } from '../validate.js';

/** Staff's figures: sales by UTC day beside the period before, orders waiting, stock to watch. */
export const adminReportRoutes = ({ store, auth }: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireAdmin(auth))
    .get('/summary', validate('query', summaryQuerySchema), async (c) => {
      const summary: SalesSummary = await salesSummary(store, reportRange(c.req.valid('query'), Date.now()));
      c.header('cache-control', 'private, no-cache');
      return c.json(summary, 200);
    })
    .get('/affiliates', validate('query', summaryQuerySchema), async (c) => {
      const range = reportRange(c.req.valid('query'), Date.now());
      const { fromMs, toMs } = dayRangeMs(range.from, range.to);
      const affiliates: AffiliateSales[] = await store.reports.affiliateSales(fromMs, toMs);
      c.header('cache-control', 'private, no-cache');
      return c.json({ ...range, affiliates }, 200);
    });
