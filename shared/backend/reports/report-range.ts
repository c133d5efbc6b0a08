import { addDays, DASHBOARD_DAYS, dayOf } from '../../domain/sales-report.js';

/**
 * The days a report covers when asked for `from` and/or `to`: what is left out is filled in so the
 * range is the dashboard's 30 days (ending today when neither is given). Validated input only.
 */
export function reportRange(
  asked: { from?: string; to?: string },
  nowMs: number,
): { from: string; to: string } {
  const to = asked.to ?? (asked.from ? addDays(asked.from, DASHBOARD_DAYS - 1) : dayOf(nowMs));
  return { from: asked.from ?? addDays(to, -(DASHBOARD_DAYS - 1)), to };
}
