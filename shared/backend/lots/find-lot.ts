import { type Lot, normalizeLotNumber } from '../../domain/lot.js';
import type { Product } from '../../domain/product.js';
import type { Variant } from '../../domain/variant.js';
import type { Store } from '../store/port.js';
import { lotNotFound } from './remove-lot.js';

/** What anyone holding a vial may see of a lot: the lot, its product's public facts and its variant. */
export interface VerifiedLot {
  lot: Lot;
  product: Pick<Product, 'id' | 'name' | 'imgUrl' | 'specs'>;
  /** Null when the variant was removed from the product since the lot was recorded. */
  variant: Pick<Variant, 'id' | 'sku' | 'options'> | null;
}

/**
 * A lot by the number printed on a vial (any case, spaces around ignored), whether or not its
 * product is still on sale: a vial bought earlier must stay verifiable. NotFoundError when no lot
 * (or no longer its product) has it.
 */
export async function findLot(store: Pick<Store, 'lots' | 'products'>, lotNumber: string): Promise<VerifiedLot> {
  const lot = await store.lots.get(normalizeLotNumber(lotNumber));
  const product = lot && (await store.products.get(lot.productId));
  if (!lot || !product) throw lotNotFound(lotNumber);
  const variant = product.variants.find((v) => v.id === lot.variantId);
  return {
    lot,
    product: { id: product.id, name: product.name, imgUrl: product.imgUrl, specs: product.specs },
    variant: variant ? { id: variant.id, sku: variant.sku, options: variant.options } : null,
  };
}
