import { useState } from 'react';
import type { Product } from '../../../shared/domain/product.js';
import { productImages } from '../../../shared/domain/product-gallery.js';
import type { Variant } from '../../../shared/domain/variant.js';
import { ProductImage } from '../catalogue/product-image.js';

const MAIN_SIZE = 480;
const THUMB_SIZE = 64;

/**
 * The main image and, when there are more, a row of thumbnails: choosing one shows it; choosing a
 * size with its own image shows that image (a size without one keeps what is shown). Every image
 * has its final size before it loads, so nothing moves.
 */
export function ProductGallery({ product, variant }: { product: Product; variant: Variant }) {
  const images = productImages(product);
  const [picked, setPicked] = useState<{ url: string; variantId: string } | null>(null);
  const shown =
    picked && (picked.variantId === variant.id || !variant.imgUrl)
      ? picked.url
      : variant.imgUrl || images[0] || '';
  return (
    <div className="flex flex-col gap-3">
      <ProductImage src={shown} alt={product.name} size={MAIN_SIZE} eager className="w-full" />
      {images.length > 1 && (
        <ul aria-label="Images" className="flex flex-wrap gap-2">
          {images.map((url, i) => (
            <li key={url}>
              <button
                type="button"
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-pressed={url === shown}
                onClick={() => setPicked({ url, variantId: variant.id })}
                className={`block rounded border-2 ${url === shown ? 'border-teal-700' : 'border-transparent hover:border-slate-300'}`}
              >
                <ProductImage src={url} alt="" size={THUMB_SIZE} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The product's tags as plain chips; nothing when it has none. */
export function ProductTags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-slate-100 px-3 py-0.5 text-sm text-slate-700">
          {tag}
        </li>
      ))}
    </ul>
  );
}
