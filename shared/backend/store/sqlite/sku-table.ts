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
 * The skus table: one row per SKU a variant holds. Its primary key refuses a SKU another product
 * holds (DuplicateSkuError naming the variant's field), inside the transaction of the product write,
 * so of concurrent claims of one SKU, from any process, exactly one commits.
 */
export class SkuTable {
  private readonly insert;
  private readonly release;

  constructor(db: SqliteDatabase) {
    this.insert = db.prepare<[string, string, string]>(
      'INSERT INTO skus (sku_key, product_id, variant_id) VALUES (?, ?, ?)',
    );
    this.release = db.prepare<[string]>('DELETE FROM skus WHERE product_id = ?');
  }

  /** Makes the table hold exactly this product's SKUs; `isNew` skips releasing what it cannot hold yet. */
  claim(productId: string, state: Pick<ProductState, 'options' | 'variants'>, isNew = false): void {
    if (!isNew) this.release.run(productId);
    for (const claim of skuClaims(state)) {
      try {
        this.insert.run(claim.key, productId, claim.variantId);
      } catch (error) {
        if (isUniqueSkuViolation(error)) throw new DuplicateSkuError(claim.sku, claim.field);
        throw error;
      }
    }
  }
}
