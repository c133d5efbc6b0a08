import type { NewProductInput } from '../../shared/domain/product.js';

/** Something about one row of the file: a problem that keeps it out, or a warning about what was kept. */
export interface RowNote {
  /** 1-based, the header being row 1, as a spreadsheet numbers them. */
  row: number;
  /** The file's own column label, or null when the note is about the whole row. */
  column: string | null;
  message: string;
}

/**
 * One product as a file format reads it, assembled from one or more rows (a Shopify handle's rows,
 * a WooCommerce parent and its variations), before the shop's product rules judge it. Format
 * readers yield these in batches; run-import judges them and turns them into store writes.
 *
 * Every data row of the file belongs to exactly one ImportedProduct (a row that makes no product is
 * one with a problem), so that the report accounts for every row.
 */
export interface ImportedProduct {
  /** The rows it came from, in file order (the first names the product in reports). */
  rows: number[];
  /**
   * What the shop's product rules are given, mapped from the format's columns: either `price` (with
   * `stock`, `sku`, `compareAtPrice`) for a product sold one way, or `options` and `variants`. The
   * description is as the file has it: run-import sanitises it (once) and reports what that removed.
   */
  input: NewProductInput & { available?: boolean };
  /**
   * What the file gives, for --update-existing, which changes only that: the keys of `input` it
   * has a column for (`name`, `description`, `imgUrl`, `images`, `tags`, `available`, `specs` or
   * `specs.<key>` one spec at a time, `options`, `variants`, or `price`, `stock`, `sku`,
   * `compareAtPrice` for a product sold one way). With `variants`, the variant fields it has a
   * column for as `variants.<key>` (`variants.stock`…); none listed means all of them.
   */
  fields: ReadonlySet<string>;
  /** Names the row and column a field path of `input` came from, so a rule's complaint points into the file. */
  origin(field: string): { row: number; column: string | null };
  /** What was kept with a change the operator should know about (a name made unique, an option value ignored). */
  warnings: RowNote[];
  /** Rows of this product that cannot be imported, and why; a product with problems is not written. */
  problems: RowNote[];
  /**
   * The name to give it when an earlier product of the file has its name, for formats whose own
   * key is not the name (two Shopify handles may share a title): imported under this name, with a
   * warning, rather than refused.
   */
  nameIfTaken?: string;
}
