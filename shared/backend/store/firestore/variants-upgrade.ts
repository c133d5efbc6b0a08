import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import type { CatalogueVersion } from './catalogue-version.js';
import { COLLECTIONS, currentDocument } from './documents.js';

/** 1: every product document holds options, variants and specs. */
const VARIANTS_VERSION = 1;

const isCurrent = (data: DocumentData | undefined) =>
  data !== undefined &&
  Array.isArray(data.variants) &&
  Array.isArray(data.options) &&
  data.specs !== undefined;

/**
 * Rewrites product documents written before variants existed, once per database: each becomes one
 * product with one variant whose id is the product's (so old carts and order lines still point at
 * it), as toProduct already reads them. Each product moves in its own transaction, re-read there, so
 * several instances may run it at once and a product written meanwhile by today's code is left alone.
 */
export async function upgradeVariants(db: Firestore, version: CatalogueVersion): Promise<void> {
  const marker = db.collection(COLLECTIONS.meta).doc('variants');
  if (((await marker.get()).get('version') as number | undefined) === VARIANTS_VERSION) return;
  const products = await db.collection(COLLECTIONS.products).get();
  for (const product of products.docs) {
    if (isCurrent(product.data())) continue;
    await db.runTransaction(async (tx) => {
      const current = await tx.get(product.ref);
      if (!current.exists || isCurrent(current.data())) return;
      const { options, variants, specs, stock } = currentDocument(current.data()!);
      tx.update(product.ref, { options, variants, specs, stock });
      version.changed(tx, { written: [product.id] });
    });
  }
  await marker.set({ version: VARIANTS_VERSION });
}
