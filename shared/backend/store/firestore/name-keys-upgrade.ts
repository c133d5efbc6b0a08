import type { Firestore } from 'firebase-admin/firestore';
import { productNameKey, trimProductName } from '../../../domain/product.js';
import type { CatalogueVersion } from './catalogue-version.js';
import { COLLECTIONS, type ProductDocument, productNameRef } from './documents.js';

/** 2: keys after NFKC with invisible characters removed (1: trimmed, NFC, lower-cased). */
const NAME_KEYS_VERSION = 2;

/**
 * Brings name keys written by an older shop to today's productNameKey, once per database: each
 * product's nameKey and its name-index document move to the new key, and names lose invisible
 * characters at their ends. Oldest first, so when two names now count as the same, the older takes
 * the key and the newer keeps its old one (both stay; the operator is told to rename one).
 * Safe to run from several instances at once: each product moves in its own transaction.
 */
export async function upgradeNameKeys(
  db: Firestore,
  version: CatalogueVersion,
  warn: (line: string) => void = console.warn,
): Promise<void> {
  const marker = db.collection(COLLECTIONS.meta).doc('name-keys');
  if (((await marker.get()).get('version') as number | undefined) === NAME_KEYS_VERSION) return;
  const products = (await db.collection(COLLECTIONS.products).get()).docs
    .map((d) => d.data() as ProductDocument)
    .sort((a, b) => a.createdAt.toMillis() - b.createdAt.toMillis() || (a.id < b.id ? -1 : 1));
  for (const { id, name, nameKey } of products) {
    const key = productNameKey(name);
    const trimmed = trimProductName(name) || name;
    if (key === nameKey && trimmed === name) continue;
    await db.runTransaction(async (tx) => {
      const ref = db.collection(COLLECTIONS.products).doc(id);
      const [current, index] = await tx.getAll(ref, productNameRef(db, key));
      if (!current?.exists) return;
      const stored = current.get('nameKey') as string;
      const taken = index?.exists && index.get('productId') !== id;
      if (taken) {
        warn(
          `[store] The product "${name}" (${id}) now counts as the same name as ${index.get('productId') as string}; rename one of them.`,
        );
      } else if (stored !== key) {
        tx.delete(productNameRef(db, stored));
        tx.set(productNameRef(db, key), { productId: id, nameKey: key });
      }
      tx.update(ref, { name: trimmed, nameKey: taken ? stored : key });
      version.changed(tx, { written: [id] });
    });
  }
  await marker.set({ version: NAME_KEYS_VERSION });
}
