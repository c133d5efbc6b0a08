import { parse } from 'csv-parse/sync';
import { trackingSchema } from '../../domain/order.js';

/** The columns a shipments CSV has, by the names its header may give them (any case). */
const COLUMNS = {
  order: ['order', 'order_number', 'order number', 'number'],
  tracking: ['tracking', 'tracking_number', 'tracking number'],
  carrier: ['carrier'],
} as const;
type Column = keyof typeof COLUMNS;

/** Each row is shipped on its own (a transaction and an e-mail), so a file’s size bounds how long one request works. */
const MAX_SHIPMENT_ROWS = 2000;

/** A row as read: its tracking checked, its order not yet looked up. */
export type ShipmentRow =
  | { row: number; order: string; ok: true; tracking: { carrier: string; number: string } }
  | { row: number; order: string; ok: false; error: string };

/** A CSV the shipments cannot be read from at all (no header, unbalanced quotes). */
export class ShipmentCsvError extends Error {
  override name = 'ShipmentCsvError';
}

function headerColumns(header: string[]): Record<Column, number> {
  const names = header.map((h) => h.trim().toLowerCase());
  const find = (column: Column) => names.findIndex((n) => (COLUMNS[column] as readonly string[]).includes(n));
  const at = { order: find('order'), tracking: find('tracking'), carrier: find('carrier') };
  const missing = (['order', 'tracking'] as const).filter((c) => at[c] < 0);
  if (missing.length)
    throw new ShipmentCsvError(
      `Row 1 (the header) has no ${missing.map((c) => `"${c}"`).join(' or ')} column; it must name the columns order, tracking and optionally carrier (found: ${names.map((n) => `"${n}"`).join(', ') || 'nothing'})`,
    );
  return at;
}

/** A row's tracking, or what is wrong with it, naming the column. */
function judgeRow(
  cells: string[],
  width: number,
  at: Record<Column, number>,
  order: string,
  earlierRow: number | undefined,
): { carrier: string; number: string } | string {
  if (cells.length > width) return `${cells.length} cells where the header has ${width}`;
  if (!order) return 'column order: empty; give the order number, e.g. HP-7K2M9QXD';
  if (earlierRow !== undefined) return `column order: ${order} is already on row ${earlierRow}`;
  const tracking = trackingSchema.safeParse({
    number: cells[at.tracking] ?? '',
    carrier: at.carrier < 0 ? '' : (cells[at.carrier] ?? ''),
  });
  if (tracking.success) return tracking.data;
  const issue = tracking.error.issues[0]!;
  return `column ${issue.path[0] === 'carrier' ? 'carrier' : 'tracking'}: ${issue.message}`;
}

/**
 * Reads a shipments CSV: a header naming the columns `order` and `tracking` (and optionally
 * `carrier`), then one order a row. Each row is judged on its own (an order given twice, a tracking
 * number too short), naming the row and the column; blank rows are skipped but keep their numbers.
 */
export function readShipmentCsv(text: string): ShipmentRow[] {
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false });
  } catch (error) {
    const e = error as Error & { lines?: number };
    throw new ShipmentCsvError(`Row ${e.lines ?? '?'}: ${e.message}`);
  }
  const [header, ...rows] = records;
  if (!header || header.every((cell) => cell.trim() === ''))
    throw new ShipmentCsvError(
      'The file is empty: row 1 must be a header naming order, tracking and carrier',
    );
  const at = headerColumns(header);
  if (rows.length > MAX_SHIPMENT_ROWS)
    throw new ShipmentCsvError(
      `The file has ${rows.length} rows after the header; at most ${MAX_SHIPMENT_ROWS} orders are shipped from one file, so split it`,
    );
  const seen = new Map<string, number>();
  const read: ShipmentRow[] = [];
  rows.forEach((cells, i) => {
    const row = i + 2;
    if (cells.every((cell) => cell.trim() === '')) return;
    const order = (cells[at.order] ?? '').trim().toUpperCase();
    const judged = judgeRow(cells, header.length, at, order, seen.get(order));
    if (order && !seen.has(order)) seen.set(order, row);
    read.push(
      typeof judged === 'string'
        ? { row, order, ok: false, error: judged }
        : { row, order, ok: true, tracking: judged },
    );
  });
  if (read.length === 0) throw new ShipmentCsvError('The file has a header but no rows of orders to ship');
  return read;
}
