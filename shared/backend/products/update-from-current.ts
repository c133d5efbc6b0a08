import { NotFoundError, StaleError } from '../../domain/errors.js';
import type { Product, ProductPatch } from '../../domain/product.js';
import { variantPatchAsProductPatch } from '../../domain/product-state.js';
import type { VariantPatch } from '../../domain/variant-schema.js';
import type { ProductRepository } from '../store/port.js';

/** Enough for a product whose stock orders keep taking; each attempt rereads it. */
const ATTEMPTS = 20;

/**
 * Writes a patch made from the product as it is, only onto that version: a change someone made in
 * between (an order taking stock of another size) is never overwritten. With `ifVersion` (an
 * If-Match) the caller's version must be current, else StaleError; without it, a product changed
 * between the read and the write is read again and the patch made anew.
 */
export async function updateFromCurrent(
  products: Pick<ProductRepository, 'get' | 'update'>,
  id: string,
  change: (current: Product) => ProductPatch,
  ifVersion?: number,
): Promise<Product> {
  for (let attempt = 1; ; attempt++) {
    const current = await products.get(id);
    if (!current) throw new NotFoundError('Product');
    if (ifVersion !== undefined && current.version !== ifVersion) throw new StaleError('product', current);
    try {
      return await products.update(id, change(current), { expectedVersion: current.version });
    } catch (error) {
      if (!(error instanceof StaleError) || ifVersion !== undefined || attempt >= ATTEMPTS) throw error;
    }
  }
}

/** Changes one variant of a product and leaves the others as they are now (see updateFromCurrent). */
export function updateVariant(
  products: Pick<ProductRepository, 'get' | 'update'>,
  productId: string,
  variantId: string,
  patch: VariantPatch,
  ifVersion?: number,
): Promise<Product> {
  return updateFromCurrent(
    products,
    productId,
    (current) => {
      if (!current.variants.some((v) => v.id === variantId)) throw new NotFoundError('Variant');
      return variantPatchAsProductPatch(current, variantId, patch);
    },
    ifVersion,
  );
}
