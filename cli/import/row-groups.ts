import type { RowNote } from './imported-product.js';
import type { CsvRow } from './read-csv.js';

/** Rows of one product kept past this would let one endless product fill the memory; it is refused. */
const MAX_GROUP_ROWS = 2000;

export interface RowGroup {
  rows: CsvRow[];
  /** Rows of the group past MAX_GROUP_ROWS, by number only. */
  overflow: number[];
}

/**
 * Groups consecutive rows that share a key (a Shopify handle, our CSV's product name) across the
 * file's batches, and yields the groups as they complete, a batch at a time; a row whose key is null
 * is a group of its own. Memory holds one batch and one open group.
 */
export async function* consecutiveGroups(
  batches: AsyncIterable<CsvRow[]>,
  keyOf: (row: CsvRow) => string | null,
): AsyncGenerator<RowGroup[]> {
  let open: { key: string | null; group: RowGroup } | null = null;
  for await (const batch of batches) {
    const done: RowGroup[] = [];
    for (const row of batch) {
      const key = keyOf(row);
      if (open && key !== null && key === open.key) {
        if (open.group.rows.length < MAX_GROUP_ROWS) open.group.rows.push(row);
        else open.group.overflow.push(row.row);
        continue;
      }
      if (open) done.push(open.group);
      open = { key, group: { rows: [row], overflow: [] } };
      // nothing can join a group without a key: it is complete now, not only when the next row comes
      if (key === null) {
        done.push(open.group);
        open = null;
      }
    }
    if (done.length) yield done;
  }
  if (open) yield [open.group];
}

/** The problem of a group too long to be one product, on its first row past the limit. */
export function overflowProblem(group: RowGroup, column: string | null, what: string): RowNote | null {
  const first = group.overflow[0];
  if (first === undefined) return null;
  return {
    row: first,
    column,
    message: `${what} has more than ${MAX_GROUP_ROWS.toLocaleString('en-US')} rows, more than any product has (${group.overflow.length.toLocaleString('en-US')} more rows follow)`,
  };
}

/** U+FFFD: what decoders put where bytes made no sense; stored, it would hide the damage for good. */
export const REPLACEMENT_CHARACTER = '\uFFFD';
export const DAMAGED_TEXT =
  'holds the replacement character �: the text was damaged by a wrong encoding before it reached this file';

/** What makes a row unreadable as it stands: a field count unlike the header's, or text damaged by a wrong encoding. */
export function rowDamage({ row, record }: CsvRow, labels: readonly string[]): RowNote | null {
  if (record.length !== labels.length)
    return {
      row,
      column: null,
      message: `has ${record.length} fields where the header has ${labels.length}`,
    };
  const damaged = record.findIndex((field) => field.includes(REPLACEMENT_CHARACTER));
  if (damaged < 0) return null;
  return {
    row,
    column: labels[damaged] ?? null,
    message: DAMAGED_TEXT,
  };
}
