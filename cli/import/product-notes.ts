import type { ImportedProduct, RowNote } from './imported-product.js';

type Origin = { row: number; column: string | null };

/**
 * What a reader learns about one product while it reads its rows: where each input field came
 * from (by path, the nearest recorded prefix answering for the paths under it), the fields the file
 * gives, and the warnings and problems by row.
 */
export class ProductNotes {
  readonly warnings: RowNote[] = [];
  readonly problems: RowNote[] = [];
  readonly fields = new Set<string>();
  private readonly origins = new Map<string, Origin>();

  constructor(private readonly firstRow: number) {}

  /** Records that input field `path` came from that row and column. */
  from(path: string, row: number, column: string | null): void {
    this.origins.set(path, { row, column });
  }

  warn(row: number, column: string | null, message: string): void {
    this.warnings.push({ row, column, message });
  }

  problem(row: number, column: string | null, message: string): void {
    this.problems.push({ row, column, message });
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

  /** The product these notes are about. */
  product(rows: number[], input: ImportedProduct['input'], nameIfTaken?: string): ImportedProduct {
    return {
      rows,
      input,
      fields: this.fields,
      origin: this.origin,
      warnings: this.warnings,
      problems: this.problems,
      ...(nameIfTaken === undefined ? {} : { nameIfTaken }),
    };
  }
}
