import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, type OrderDocument, orderSearchKeys } from './documents.js';

/** Firestore's limit of writes in one batch. */
const BATCH_WRITES = 500;

/**
 * Gives orders placed before staff's order search their search keys, once per database, so search
 * finds them too. Setting the keys is idempotent, so instances running it at once do no harm.
 */
export async function upgradeOrderSearchKeys(db: Firestore): Promise<void> {
  const marker = db.collection(COLLECTIONS.meta).doc('order-search-keys');
  if ((await marker.get()).exists) return;
  const missing = (await db.collection(COLLECTIONS.orders).get()).docs.filter(
    (d) => d.get('numberKey') === undefined,
  );
  for (let start = 0; start < missing.length; start += BATCH_WRITES) {
    const batch = db.batch();
    for (const d of missing.slice(start, start + BATCH_WRITES))
      batch.update(d.ref, orderSearchKeys(d.data() as OrderDocument));
    await batch.commit();
  }
  await marker.set({ version: 1 });
}
