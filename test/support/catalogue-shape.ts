import type { Product } from '../../shared/domain/product.js';

/** What a catalogue says, without what each store makes up for itself (ids, times, versions), by name. */
export function catalogueShape(products: Product[]) {
  return products
    .map((p) => ({
      name: p.name,
      price: p.price,
      stock: p.stock,
      available: p.available,
      description: p.description,
      category: p.category,
      brand: p.brand,
      imgUrl: p.imgUrl,
      images: p.images,
      tags: p.tags,
      specs: p.specs,
      options: p.options,
      variants: p.variants.map(({ id: _id, ...variant }) => variant),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
