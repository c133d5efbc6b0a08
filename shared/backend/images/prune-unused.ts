import type { Lot } from '../../domain/lot.js';
import type { Product } from '../../domain/product.js';
import type { LotRepository, ProductRepository } from '../store/port.js';
import type { ImageStore, StoredImage } from './port.js';

/** What decides whether a stored file is in use: products' images, lots' COA PDFs. */
export interface FileUsers {
  products: Pick<ProductRepository, 'listAll' | 'changeToken'>;
  lots: Pick<LotRepository, 'list'>;
}

/** How long an unused upload is kept: the admin who uploaded it may be about to save the product. */
export const UNUSED_IMAGE_GRACE_MS = 24 * 60 * 60 * 1000;

/** Images deleted per check of the catalogue for changes. */
const BATCH = 50;

interface PrunedImage {
  name: string;
  size: number;
  /** ISO time it was stored. */
  storedAt: string;
  ageSeconds: number;
}

export interface PruneResult {
  dryRun: boolean;
  graceSeconds: number;
  /** Removed, or with dryRun the ones that would be; oldest first. */
  images: PrunedImage[];
  /** Older than the grace period and shown by a product (or a lot's COA). */
  inUse: number;
  /** Younger than the grace period, whether used or not. */
  young: number;
}

/**
 * Which of `names` some product (or lot) mentions: the name in any field (imgUrl, a gallery, a link
 * in the description, a lot's coaUrl) whatever the URL around it (a bucket's download URL encodes
 * the folder and adds a token). One pass over their text: every ".png" (etc.) found is looked up
 * with the letters and digits before it, so the cost does not grow with images times products.
 * @internal
 */
export function namesInUse(records: readonly (Product | Lot)[], names: ReadonlySet<string>): Set<string> {
  const text = JSON.stringify(records);
  let longest = 0;
  for (const name of names) longest = Math.max(longest, name.length);
  const found = new Set<string>();
  for (const { index: end, 0: extension } of text.matchAll(/\.(?:jpg|png|webp|svg|pdf)/g)) {
    for (let start = end - 1; start >= 0 && end - start + extension.length <= longest; start--) {
      if (!/[A-Za-z0-9]/.test(text[start]!)) break;
      const name = text.slice(start, end) + extension;
      if (names.has(name)) found.add(name);
    }
  }
  return found;
}

/**
 * Deletes the images no product has shown (and COAs no lot has used) for longer than `graceMs`.
 * Right before each batch is deleted the products are read again if the catalogue's change token
 * says any changed, and the lots (few, and without a change token) every time, so a product or lot
 * saved meanwhile keeps its file.
 */
export async function pruneUnusedImages({
  images,
  users: { products, lots },
  graceMs = UNUSED_IMAGE_GRACE_MS,
  now = Date.now(),
  dryRun = false,
}: {
  images: ImageStore;
  users: FileUsers;
  graceMs?: number;
  now?: number;
  dryRun?: boolean;
}): Promise<PruneResult> {
  const stored = await images.list();
  const old = stored.filter((image) => image.storedAt <= now - graceMs).sort(byAge);
  const result: PruneResult = {
    dryRun,
    graceSeconds: Math.round(graceMs / 1000),
    images: [],
    inUse: 0,
    young: stored.length - old.length,
  };
  const names = new Set(old.map((image) => image.name));
  let readAt: string | null = null;
  let shown = names; // until the products are read, everything counts as used
  for (let at = 0; at < old.length; at += BATCH) {
    const token = await products.changeToken();
    if (token !== readAt) {
      shown = namesInUse(await products.listAll(), names);
      readAt = token;
    }
    const certified = namesInUse(await lots.list(), names);
    const unused = old
      .slice(at, at + BATCH)
      .filter((image) => !shown.has(image.name) && !certified.has(image.name));
    result.inUse += Math.min(BATCH, old.length - at) - unused.length;
    if (!dryRun) await Promise.all(unused.map((image) => images.deleteNamed(image.name)));
    result.images.push(...unused.map((image) => pruned(image, now)));
  }
  return result;
}

const byAge = (a: StoredImage, b: StoredImage) => a.storedAt - b.storedAt || a.name.localeCompare(b.name);

const pruned = ({ name, size, storedAt }: StoredImage, now: number): PrunedImage => ({
  name,
  size,
  storedAt: new Date(storedAt).toISOString(),
  ageSeconds: Math.floor((now - storedAt) / 1000),
});
