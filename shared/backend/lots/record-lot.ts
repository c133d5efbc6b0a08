import { MAX_COA_BYTES } from '../../domain/constants.js';
import { DuplicateLotError, ShopError, ValidationError } from '../../domain/errors.js';
import type { Lot } from '../../domain/lot.js';
import { newLotSchema } from '../../domain/lot-schema.js';
import type { Product } from '../../domain/product.js';
import { resolveVariant, type Variant, variantTitle } from '../../domain/variant.js';
import { isPdf } from '../images/sniff.js';
import type { ImageStore } from '../images/port.js';
import type { Store } from '../store/port.js';

/** A lot as an admin or operator records it, with its certificate's bytes. */
export interface LotUpload {
  lotNumber: unknown;
  productId: unknown;
  variantId?: unknown;
  testedAt: unknown;
  purity: unknown;
  coa: Uint8Array;
}

const lotFieldsSchema = newLotSchema.omit({ coaUrl: true });

export const COA_TOO_LARGE = `The COA is larger than ${MAX_COA_BYTES / 1024 / 1024} MB`;
export const COA_NOT_PDF = 'The COA must be a PDF file; this file is not one (or is cut short)';

/** Refuses a certificate that is empty, too large, or not a whole PDF; `field` names it for the caller. */
export function checkCoa(bytes: Uint8Array, field = 'coa'): void {
  if (bytes.length === 0) throw new ShopError('invalid-input', 'The COA file is empty', { field });
  if (bytes.length > MAX_COA_BYTES) throw new ShopError('too-large', COA_TOO_LARGE, { field });
  if (!isPdf(bytes)) throw new ShopError('unsupported-media-type', COA_NOT_PDF, { field });
}

/** "v1 (5 mg, SKU BPC-5)": how errors list the variants a caller may choose from. */
export function describeVariant(variant: Pick<Variant, 'id' | 'sku' | 'options'>): string {
  const about = [variantTitle(variant), variant.sku && `SKU ${variant.sku}`].filter(Boolean).join(', ');
  return about ? `${variant.id} (${about})` : variant.id;
}

/** The variant a lot is of: the one named, or a one-variant product's only one; else a field error listing them. */
function lotVariant(product: Product, variantId: string | undefined): Variant {
  const variant = resolveVariant(product, variantId);
  if (variant) return variant;
  const choices = product.variants.map(describeVariant).join(', ');
  throw new ValidationError([
    {
      field: 'variantId',
      message:
        variantId === undefined
          ? `${product.name} comes in ${product.variants.length} variants; say which one this lot is of: ${choices}`
          : `${product.name} has no variant ${variantId}; its variants are ${choices}`,
    },
  ]);
}

/**
 * Records a lot: checks its fields, that its certificate is a PDF within MAX_COA_BYTES, that the
 * product and variant exist, stores the PDF through the file port and adds the lot. A lot that
 * cannot be added (its number taken meanwhile) takes its stored PDF with it, so nothing is orphaned.
 */
export async function recordLot(
  { store, images }: { store: Pick<Store, 'products' | 'lots'>; images: ImageStore },
  upload: LotUpload,
): Promise<Lot> {
  const { coa, ...fields } = upload;
  const parsed = lotFieldsSchema.safeParse(fields);
  if (!parsed.success)
    throw new ValidationError(
      parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
    );
  const lot = parsed.data;
  checkCoa(coa);
  const product = await store.products.get(lot.productId);
  if (!product)
    throw new ShopError('not-found', `Product ${lot.productId} not found`, { field: 'productId' });
  const variant = lotVariant(product, lot.variantId);
  if (await store.lots.get(lot.lotNumber)) throw new DuplicateLotError(lot.lotNumber);

  const { url } = await images.save(coa, 'application/pdf');
  try {
    return await store.lots.add({ ...lot, variantId: variant.id, coaUrl: url });
  } catch (error) {
    await images.delete(url).catch(() => {});
    throw error;
  }
}
