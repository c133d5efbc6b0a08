import { DuplicateNameError } from '../../domain/errors.js';
import type { ImageStore } from '../images/port.js';
import type { Store } from '../store/port.js';
import { productImageSvg } from './product-image.js';
import { SAMPLE_CATALOGUE } from './sample-catalogue.js';

/** Adds the sample catalogue, each product with a generated image; names already present are left alone. */
export async function seedSampleCatalogue(store: Store, images: ImageStore): Promise<number> {
  let added = 0;
  for (const { label, dose, ...product } of SAMPLE_CATALOGUE) {
    if (await store.products.findByName(product.name)) continue;
    const svg = productImageSvg({ label, dose, category: product.category });
    const { url } = await images.save(new TextEncoder().encode(svg), 'image/svg+xml');
    try {
      await store.products.add({ ...product, imgUrl: url });
      added++;
    } catch (error) {
      await images.delete(url);
      if (!(error instanceof DuplicateNameError)) throw error;
    }
  }
  return added;
}
