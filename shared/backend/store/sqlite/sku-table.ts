import { DuplicateSkuError } from '../../../domain/errors.js';
import type { ProductState } from '../../../domain/product-state.js';
import { skuClaims } from '../sku-claims.js';
import type { SqliteDatabase } from './sqlite-database.js';

function isUniqueSkuViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    (e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE') &&
    /skus\.sku_key/.test(e.message ?? '')
  );
}

/**
 * Makes the skus table hold exactly this product's SKUs, inside the caller's transaction: the
 * primary key refuses one another product holds (DuplicateSkuError naming the variant's field), so
 * of concurrent claims of one SKU, from any process, exactly one commits.
 */
export function claimSkus(
  db: SqliteDatabase,
  productId: string,
  state: Pick<ProductState, 'options' | 'variants'>,
): void {
  db.prepare('DELETE FROM skus WHERE product_id = ?').run(productId);
  const insert = db.prepare<[string, string, string]>(
    'INSERT INTO skus (sku_key, product_id, variant_id) VALUES (?, ?, ?)',
  );
  for (const claim of skuClaims(state)) {
    try {
      insert.run(claim.key, productId, claim.variantId);
    } catch (error) {
      if (isUniqueSkuViolation(error)) throw new DuplicateSkuError(claim.sku, claim.field);
      throw error;
    }
  }
}
