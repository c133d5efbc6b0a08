import { z } from 'zod';
import { ORDER_EXPORT_FORMATS } from '../domain/order-export-format.js';
import { dayStartMs } from '../domain/order-listing.js';

/** A shipments CSV as the admin uploads it, within the API's 1 MB body limit (about 20,000 rows). */
const SHIPMENTS_CSV_MAX_CHARS = 900_000;

const dayOrOpen = (name: string) =>
  z
    .string()
    .refine((value) => value === '' || dayStartMs(value) !== null, `${name} must be a day written YYYY-MM-DD`)
    .default('');

/** `GET /api/admin/orders/export?from=&to=&format=`: the orders placed on those days (UTC, both included). */
export const orderExportQuery = z
  .object({
    from: dayOrOpen('from'),
    to: dayOrOpen('to'),
    format: z.enum(ORDER_EXPORT_FORMATS, { error: 'format must be csv or json' }).default('csv'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'to must not be before from' });

/** `POST /api/admin/orders/ship-many`: a shipments CSV (order, tracking, carrier columns). */
export const shipManyBody = z.strictObject({
  csv: z
    .string({ error: 'csv must be the text of the file' })
    .min(1, 'The file is empty')
    .max(SHIPMENTS_CSV_MAX_CHARS, `The file must be at most ${SHIPMENTS_CSV_MAX_CHARS} characters`),
  skipInvalid: z.boolean().default(false),
});
export type ShipManyInput = z.input<typeof shipManyBody>;
