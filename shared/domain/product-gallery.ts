import type { Product } from './product.js';

/** Zod-free on purpose: the storefront's product page uses it on first load. */

/**
 * Every image a product shows, each once, in order: the main image, the gallery, then the sizes'
 * images that are neither.
 */
export function productImages(product: Pick<Product, 'imgUrl' | 'images' | 'variants'>): string[] {
  const all = new Set<string>();
  for (const url of [product.imgUrl, ...product.images, ...product.variants.map((v) => v.imgUrl)])
    if (url) all.add(url);
  return [...all];
}
