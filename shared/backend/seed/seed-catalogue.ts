import { DuplicateLotError, DuplicateNameError } from '../../domain/errors.js';
import type { Product } from '../../domain/product.js';
import { variantTitle } from '../../domain/variant.js';
import type { ImageStore } from '../images/port.js';
import { recordLot } from '../lots/record-lot.js';
import type { Store } from '../store/port.js';
import { coaPdf } from './coa-pdf.js';
import { productImageSvg } from './product-image.js';
import { SAMPLE_CATALOGUE, type SampleProduct } from './sample-catalogue.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** "5 mg – 10 mg" on the vial of a product in several sizes. */
function doseLabel(variants: SampleProduct['variants']): string {
  const sizes = variants.map(variantTitle).filter(Boolean);
  if (sizes.length === 0) return '';
  return sizes.length === 1 ? sizes[0]! : `${sizes[0]} – ${sizes.at(-1)}`;
}

/**
 * Adds the sample catalogue, each product with a generated image and a lot per variant whose COA is
 * a PDF generated in memory; names (and lot numbers) already present are left alone. Lot numbers
 * read as a vendor's (HX-2611-001): the month of the test, then a running number.
 */
export async function seedSampleCatalogue(
  store: Store,
  images: ImageStore,
  { now = Date.now() }: { now?: number } = {},
): Promise<{ products: number; lots: number }> {
  const added = { products: 0, lots: 0 };
  let serial = 0;
  for (const { label, lotPurityFrom, ...input } of SAMPLE_CATALOGUE) {
    const lotsToCome = input.variants.map(() => ++serial);
    if (await store.products.findByName(input.name)) continue;
    const svg = productImageSvg({ label, dose: doseLabel(input.variants), category: input.category });
    const { url } = await images.save(new TextEncoder().encode(svg), 'image/svg+xml');
    let product: Product;
    try {
      product = await store.products.add({ ...input, imgUrl: url });
      added.products++;
    } catch (error) {
      await images.delete(url);
      if (!(error instanceof DuplicateNameError)) throw error;
      continue;
    }
    for (const [i, variant] of product.variants.entries()) {
      const n = lotsToCome[i]!;
      const tested = new Date(now - (6 + 3 * n) * DAY_MS).toISOString().slice(0, 10);
      const lotNumber = `HX-${tested.slice(2, 4)}${tested.slice(5, 7)}-${String(n).padStart(3, '0')}`;
      const purity = Math.round((lotPurityFrom + ((n * 37) % 70) / 100) * 100) / 100;
      const coa = await coaPdf({
        productName: product.name,
        variant: variantTitle(variant),
        sku: variant.sku,
        lotNumber,
        testedAt: tested,
        purity,
        specs: product.specs,
      });
      try {
        await recordLot(
          { store, images },
          { lotNumber, productId: product.id, variantId: variant.id, testedAt: tested, purity, coa },
        );
        added.lots++;
      } catch (error) {
        if (!(error instanceof DuplicateLotError)) throw error;
      }
    }
  }
  return added;
}
