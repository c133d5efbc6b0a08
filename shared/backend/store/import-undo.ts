import type { Variant } from '../../domain/variant.js';

/** The variants whose stock an import's update left as it was: orders may move it before an undo. */
export function untouchedStock(before: readonly Variant[], after: readonly Variant[]): string[] {
  const stockAfter = new Map(after.map((v) => [v.id, v.stock]));
  return before.filter((v) => stockAfter.get(v.id) === v.stock).map((v) => v.id);
}

/**
 * The variants an undone import update puts back: as they were before it, except the stock it did
 * not change, which keeps what orders made of it meanwhile.
 */
export function restoredVariants(
  before: readonly Variant[],
  keepStockOf: readonly string[],
  current: readonly Variant[],
): Variant[] {
  const keep = new Set(keepStockOf);
  const stockNow = new Map(current.map((v) => [v.id, v.stock]));
  return before.map((v) => (keep.has(v.id) && stockNow.has(v.id) ? { ...v, stock: stockNow.get(v.id)! } : v));
}
