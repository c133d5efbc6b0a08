import { newId } from '../ids.js';

/**
 * Ids for a new product's variants: the first takes the product's own id, as the one variant of a
 * product from before sizes did, so a product sold one way needs no second id and a cart line or URL
 * naming the product means its first size; further variants get fresh ids.
 */
export function variantIdsFor(productId: string): () => string {
  let first = true;
  return () => {
    if (!first) return newId();
    first = false;
    return productId;
  };
}
