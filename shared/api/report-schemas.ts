import { z } from 'zod';
import { dayStartMs } from '../domain/order-listing.js';
import { daysIn, MAX_LOW_STOCK_THRESHOLD, REPORT_MAX_DAYS } from '../domain/sales-report.js';

const day = (name: string) =>
  z
    .string({ error: `${name} must be a day written YYYY-MM-DD` })
    .refine((value) => dayStartMs(value) !== null, `${name} must be a day written YYYY-MM-DD`);

/**
 * `GET /api/admin/reports/summary?from=&to=` and `shop report sales --from --to`: UTC days, both
 * included; either left out is the dashboard's (the 30 days ending today), filled in by the caller.
 */
export const summaryQuerySchema = z
  .object({ from: day('from').optional(), to: day('to').optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
  .refine((q) => !q.from || !q.to || q.from > q.to || daysIn(q.from, q.to) <= REPORT_MAX_DAYS, {
    message: `A report covers at most ${REPORT_MAX_DAYS} days`,
    path: ['to'],
  });

/** `PATCH /api/admin/settings`: the settings to change. */
export const shopSettingsPatchSchema = z.strictObject({
  lowStockThreshold: z
    .number({ error: 'lowStockThreshold must be a whole number' })
    .int('lowStockThreshold must be a whole number')
    .min(0, 'lowStockThreshold must be 0 or more')
    .max(MAX_LOW_STOCK_THRESHOLD, `lowStockThreshold must be at most ${MAX_LOW_STOCK_THRESHOLD}`)
    .optional(),
});
export type ShopSettingsPatch = z.input<typeof shopSettingsPatchSchema>;
