import type { Firestore } from 'firebase-admin/firestore';
import { productNameKey, trimProductName } from '../../../domain/product.js';
import { productNameSkeleton } from '../../product-name-skeleton.js';
import type { CatalogueVersion } from './catalogue-version.js';
import { COLLECTIONS, type ProductDocument, productNameRef } from './documents.js';

/**
 * 3: names unique by their confusable skeleton, the productNames documents keyed by it, products
 * sorted by nameKey; 2: keys after NFKC with invisible characters removed; 1: trimmed, NFC, lower-cased.
 */
const NAME_KEYS_VERSION = 3;

type StoredNames = Pick<ProductDocument, 'id' | 'name' | 'nameKey' | 'createdAt'> & { nameSkeleton?: string };

/**
 * Brings names written by an older shop to today's keys, once per database: each product's nameKey
 * (its order) and nameSkeleton (what it is unique by) are recomputed, its productNames document moves
 * to the skeleton, and names lose invisible characters at their ends. Oldest first, so when two names
 * now count as the same, the older takes the skeleton and the newer gets it suffixed with its id (both
 * stay; the operator is told to rename one), as the SQLite migration does. Safe to run from several
 * instances at once: each product moves in its own transaction.
 */
export async function upgradeNameKeys(
  db: Firestore,
  version: CatalogueVersion,
  warn: (line: string) => void = console.warn,
): Promise<void> {
  const marker = db.collection(COLLECTIONS.meta).doc('name-keys');
  if (((await marker.get()).get('version') as number | undefined) === NAME_KEYS_VERSION) return;
  const products = (await db.collection(COLLECTIONS.products).get()).docs
    .map((d) => d.data() as StoredNames)
    .sort((a, b) => a.createdAt.toMillis() - b.createdAt.toMillis() || (a.id < b.id ? -1 : 1));
  for (const { id, name, nameKey, nameSkeleton } of products) {
    const key = productNameKey(name);
    const skeleton = productNameSkeleton(name);
    const trimmed = trimProductName(name) || name;
    const current = nameSkeleton === skeleton || nameSkeleton === `${skeleton}\u0000${id}`;
    if (key === nameKey && current && trimmed === name) continue;
    await db.runTransaction(async (tx) => {
      const ref = db.collection(COLLECTIONS.products).doc(id);
      const [doc, index] = await tx.getAll(ref, productNameRef(db, skeleton));
      if (!doc?.exists) return;
      const taken = index?.exists && index.get('productId') !== id;
      if (taken)
        warn(
          `[store] The product "${name}" (${id}) now counts as the same name as ${index.get('productId') as string}; rename one of them.`,
        );
      const stored = doc.get('nameSkeleton') as string | undefined;
      const next = taken ? `${skeleton}\u0000${id}` : skeleton;
      // The index document of an older shop is keyed by the old nameKey.
      const old = stored ?? (doc.get('nameKey') as string);
      if (old !== next) {
        const oldRef = productNameRef(db, old);
        if ((await tx.get(oldRef)).get('productId') === id) tx.delete(oldRef);
        tx.set(productNameRef(db, next), { productId: id, nameSkeleton: next });
      }
      // Two names of one key would break paging by nameKey: the newer keeps the key it had.
      tx.update(ref, { name: trimmed, nameKey: taken ? nameKey : key, nameSkeleton: next });
      version.changed(tx, { written: [id] });
    });
  }
  await marker.set({ version: NAME_KEYS_VERSION });
}
