import { adjustVariantStock } from '../../../domain/product-state.js';
import { totalStock, type Variant } from '../../../domain/variant.js';
import type { StockChanges } from '../stock-changes.js';
import type { SqliteDatabase } from './sqlite-database.js';

/**
 * Takes or puts back tracked variant stock inside the caller's transaction; each product touched
 * moves to a new version. A product since deleted, or a variant since removed, gets nothing back.
 */
export function writeStockChanges(db: SqliteDatabase, changes: StockChanges, at: number): void {
  const read = db.prepare<[string], { variants: string }>('SELECT variants FROM products WHERE id = ?');
  const write = db.prepare<[string, number | null, number, string]>(
    'UPDATE products SET variants = ?, stock = ?, updated_at = ?, version = version + 1 WHERE id = ?',
  );
  for (const [productId, perVariant] of changes) {
    const row = read.get(productId);
    if (!row) continue;
    const variants = adjustVariantStock(JSON.parse(row.variants) as Variant[], perVariant);
    write.run(JSON.stringify(variants), totalStock(variants), at, productId);
  }
}
