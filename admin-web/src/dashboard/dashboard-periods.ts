import {
  percentChange,
  type SalesFigures,
  type SalesSummary,
  sumSales,
} from '../../../shared/domain/sales-report.js';

export interface PeriodComparison {
  label: string;
  current: SalesFigures;
  previous: SalesFigures;
}

/**
 * Today, the last 7 and the last 30 days of a summary ending today, each beside the period of the
 * same length before it; the summary must cover 30 days.
 */
export function dashboardPeriods(
  summary: Pick<SalesSummary, 'days' | 'total' | 'previous'>,
): PeriodComparison[] {
  const days = summary.days;
  const last = (n: number, skip = 0) => sumSales(days.slice(days.length - n - skip, days.length - skip));
  return [
    { label: 'Today', current: last(1), previous: last(1, 1) },
    { label: 'Last 7 days', current: last(7), previous: last(7, 7) },
    { label: 'Last 30 days', current: summary.total, previous: summary.previous },
  ];
}

/** "+12% on the period before", "no sales the period before" */
export function changeText(current: number, previous: number): string {
  const percent = percentChange(current, previous);
  if (percent === null) return current === 0 ? 'none before either' : 'none the period before';
  return `${percent > 0 ? '+' : ''}${percent}% on the period before`;
}
