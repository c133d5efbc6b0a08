import type { ProductState } from '../../domain/product-state.js';
import { skuKey } from '../../domain/variant.js';

/** A SKU a product's variant holds, keyed as uniqueness is judged; `field` names it in a 409. */
export interface SkuClaim {
  key: string;
  sku: string;
  variantId: string;
  field: string;
}

/** The SKUs a product claims shop-wide: every variant's that is not blank. */
export function skuClaims(state: Pick<ProductState, 'options' | 'variants'>): SkuClaim[] {
  const soldOneWay = state.options.length === 0 && state.variants.length === 1;
  return state.variants.flatMap((v, i) =>
    v.sku.trim() === ''
      ? []
      : [
          {
            key: skuKey(v.sku),
            sku: v.sku,
            variantId: v.id,
            field: soldOneWay ? 'sku' : `variants.${i}.sku`,
          },
        ],
  );
}
