import type { RowNote } from './imported-product.js';
import type { VariantCounts } from './judge-product.js';
import type { ImportFormat } from './layout.js';

/**
 * What an import did, or (dry run, or a failed all-or-nothing import) would have done: the same
 * counts and notes either way, so a dry run shows exactly what a real run writes.
 */
export interface ImportSummary {
  file: string;
  format: ImportFormat | null;
  dryRun: boolean;
  /** Whether anything was written: false for --dry-run and for an all-or-nothing import with bad rows. */
  written: boolean;
  /** Rows read, the header and blank lines aside (JSON: items). */
  rows: number;
  /** Products created and updated. */
  created: number;
  updated: number;
  /** Rows rejected: every row of each product the shop's rules refused. */
  rejected: number;
  rejectedProducts: number;
  variants: VariantCounts;
  /** Image links of the file not yet in the shop's image store, and what became of them (dry runs download none). */
  images: { remote: number; downloaded: number; failed: number };
  /** Why rows were rejected: the first MAX_NOTES, in file order. */
  problems: RowNote[];
  /** What was imported with a change worth knowing: the first MAX_NOTES, in file order. */
  warnings: RowNote[];
  warningCount: number;
  /** What the operator should know that is not a row's, e.g. the file was converted from Latin-1. */
  notices: string[];
  /** Columns the file has that the import does not keep. */
  unknownColumns: string[];
}

export const MAX_NOTES = 1000;

export function emptySummary(file: string, dryRun: boolean): ImportSummary {
  return {
    file,
    format: null,
    dryRun,
    written: false,
    rows: 0,
    created: 0,
    updated: 0,
    rejected: 0,
    rejectedProducts: 0,
    variants: { created: 0, updated: 0, removed: 0 },
    images: { remote: 0, downloaded: 0, failed: 0 },
    problems: [],
    warnings: [],
    warningCount: 0,
    notices: [],
    unknownColumns: [],
  };
}
