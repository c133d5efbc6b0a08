import type { Variant } from '../../domain/variant.js';

/** A variant as any version of the shop stored it: those from before variant images have none. */
export type StoredVariant = Omit<Variant, 'imgUrl'> & { imgUrl?: string };

/** Variants as today's shop reads them, whichever shop stored them. */
export function storedVariants(variants: readonly StoredVariant[]): Variant[] {
  return variants.map((v) => (v.imgUrl === undefined ? { ...v, imgUrl: '' } : (v as Variant)));
}
