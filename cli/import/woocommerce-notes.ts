import type { RowNote } from './imported-product.js';
import type { WooColumns, WooField } from './woocommerce-columns.js';

/** A row, and a column by field or by index (attribute columns), or none. */
export interface NoteOrigin {
  row: number;
  column: WooField | number | null;
}

/** What one WooCommerce product's rows say about it: the fields given, warnings, problems, and where each field came from. */
export class WooNotes {
  readonly warnings: RowNote[] = [];
  readonly problems: RowNote[] = [];
  readonly fields = new Set<string>();
  /**
   * Where the input field at a path (split at dots) came from; set by the product's assembler.
   * Worked out when asked, which is rarely: most products are never complained about.
   */
  locate: (path: string[]) => NoteOrigin = () => ({ row: this.firstRow, column: null });

  constructor(
    private readonly columns: WooColumns,
    private readonly firstRow: number,
  ) {}

  warn(row: number, column: WooField | number | null, message: string): void {
    this.warnings.push({ row, column: this.label(column), message });
  }

  problem(row: number, column: WooField | number | null, message: string): void {
    this.problems.push({ row, column: this.label(column), message });
  }

  readonly origin = (path: string): { row: number; column: string | null } => {
    const { row, column } = this.locate(path.split('.'));
    return { row, column: this.label(column) };
  };

  /** The file's label of a field's column, or of a column by its index; null when the file has none. */
  private label(column: WooField | number | null): string | null {
    if (column === null) return null;
    const i = typeof column === 'number' ? column : this.columns.at[column];
    return i === undefined ? null : (this.columns.labels[i] ?? null);
  }
}
