/**
 * What shipping many orders from a CSV did, row by row (`shop orders ship --from-file`, and the
 * admin's upload). Rows are numbered as a spreadsheet shows them, the header being row 1.
 */
type ShipmentOutcome =
  /** Shipped now, its e-mail in the outbox. */
  | 'shipped'
  /** Refused: `error` names the column and what is wrong. */
  | 'rejected'
  /** Valid, but not shipped because another row was rejected (all or nothing). */
  | 'not written'
  /** Valid when checked, but the order changed before it could be shipped (`error` says how). */
  | 'failed';

export interface ShipmentRowReport {
  row: number;
  order: string;
  outcome: ShipmentOutcome;
  error?: string;
}

export interface ShipmentReport {
  rows: ShipmentRowReport[];
  shipped: number;
  rejected: number;
  /** Whether anything was shipped (false when a rejected row stopped the whole file). */
  written: boolean;
}

/** One line of the report as both the CLI and the admin area word it. */
export const shipmentRowText = (r: ShipmentRowReport): string =>
  `Row ${r.row}${r.order ? ` (${r.order})` : ''}: ${r.outcome}${r.error ? ` — ${r.error}` : ''}`;
