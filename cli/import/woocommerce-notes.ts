import type { RowNote } from './imported-product.js';
import type { WooColumns, WooField } from './woocommerce-columns.js';

type Origin = { row: number; column: string | null };

/** What one WooCommerce product's rows say about it: where each input field came from, warnings, problems. */
export class WooNotes {
  readonly warnings: RowNote[] = [];
  readonly problems: RowNote[] = [];
  readonly fields = new Set<string>();
  private readonly origins = new Map<string, Origin>();

  constructor(
    private readonly columns: WooColumns,
    private readonly firstRow: number,
  ) {}

  /** The label of a field's column, or of an attribute column by its index. */
  label(column: WooField | number | null): string | null {
    if (column === null) return null;
    const i = typeof column === 'number' ? column : this.columns.at[column];
    return i === undefined ? null : (this.columns.labels[i] ?? null);
  }

  /** Records that input field `path` came from that row and column. */
  from(path: string, row: number, column: WooField | number | null): void {
    this.origins.set(path, { row, column: this.label(column) });
  }

  /** Gives `to` and the paths under it the origins recorded for `from` (a variant made from the same row). */
  copyOrigins(from: string, to: string): void {
    for (const [path, origin] of [...this.origins])
      if (path === from || path.startsWith(`${from}.`))
        this.origins.set(to + path.slice(from.length), origin);
  }

  warn(row: number, column: WooField | number | null, message: string): void {
    this.warnings.push({ row, column: this.label(column), message });
  }

  problem(row: number, column: WooField | number | null, message: string): void {
    this.problems.push({ row, column: this.label(column), message });
  }

  /** The nearest recorded origin: `variants.2.options.Size`, else `variants.2`, …, else the first row. */
  readonly origin = (path: string): Origin => {
    const parts = path.split('.');
    for (let n = parts.length; n > 0; n--) {
      const found = this.origins.get(parts.slice(0, n).join('.'));
      if (found) return found;
    }
    return { row: this.firstRow, column: null };
  };
}
