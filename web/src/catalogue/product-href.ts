/** The search parameter holding a product page's chosen variant: `/products/:id?variant=<variantId>`. */
export const VARIANT_PARAM = 'variant';

/** A product page's path, opened on the given variant. */
export function productHref(productId: string, variantId?: string): string {
  const path = `/products/${encodeURIComponent(productId)}`;
  return variantId ? `${path}?${VARIANT_PARAM}=${encodeURIComponent(variantId)}` : path;
}
