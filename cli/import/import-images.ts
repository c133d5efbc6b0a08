import type { ProductWrite } from '../../shared/backend/store/port.js';

/** Downloads each URL into the shop's image store: the stored image's URL, or why not, by URL. */
export type DownloadImages = (urls: string[]) => Promise<Map<string, { url: string } | { error: string }>>;

/** One image link in a write: where it is (a product field path) and how to point it elsewhere. */
export interface ImageSlot {
  path: string;
  url: string;
  set(url: string): void;
}

/** Links to other sites; the shop's own /images/ paths are already in its store. */
const isRemote = (url: unknown): url is string => typeof url === 'string' && /^https?:\/\//i.test(url.trim());

interface ImageFields {
  imgUrl?: string;
  images?: string[];
  variants?: { imgUrl?: string }[];
}

/** The remote image links of a write: the main image, the gallery's, and each variant's. */
export function remoteImageSlots(write: ProductWrite): ImageSlot[] {
  const target = (write.op === 'create' ? write.product : write.patch) as ImageFields;
  const slots: ImageSlot[] = [];
  if (isRemote(target.imgUrl))
    slots.push({ path: 'imgUrl', url: target.imgUrl, set: (url) => (target.imgUrl = url) });
  const images = target.images;
  images?.forEach((image, k) => {
    if (isRemote(image)) slots.push({ path: `images.${k}`, url: image, set: (url) => (images[k] = url) });
  });
  target.variants?.forEach((variant, i) => {
    if (isRemote(variant.imgUrl))
      slots.push({ path: `variants.${i}.imgUrl`, url: variant.imgUrl, set: (url) => (variant.imgUrl = url) });
  });
  return slots;
}
