import {
  dayRangeMs,
  everyDay,
  previousRange,
  REPORT_LIST_LIMIT,
  type SalesSummary,
  sumSales,
} from '../../domain/sales-report.js';
import { readShopSettings } from '../settings/shop-settings.js';
import type { Store } from '../store/port.js';

/** The summary of the days from `from` to `to` (YYYY-MM-DD, UTC, both included, from ≤ to). */
export async function salesSummary(store: Store, range: { from: string; to: string }): Promise<SalesSummary> {
  const { from, to } = range;
  const previous = previousRange(from, to);
  const { lowStockThreshold } = await readShopSettings(store.meta);
  // One read covers the range and the period before it.
  const { fromMs, toMs } = dayRangeMs(previous.from, to);
  const [sold, backlog, health] = await Promise.all([
    store.reports.salesByDay(fromMs, toMs),
    store.reports.orderBacklog(),
    store.reports.stockHealth(lowStockThreshold, REPORT_LIST_LIMIT),
  ]);
  const days = everyDay(
    from,
    to,
    sold.filter((d) => d.day >= from),
  );
  return {
    from,
    to,
    timeZone: 'UTC',
    days,
    total: sumSales(days),
    previous: { ...previous, ...sumSales(sold.filter((d) => d.day < from)) },
    backlog,
    lowStockThreshold,
    ...health,
  };
}
