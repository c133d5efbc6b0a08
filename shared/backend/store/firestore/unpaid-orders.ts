import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS, keyId } from './documents.js';

const holdRef = (db: Firestore, uid: string) => db.collection(COLLECTIONS.unpaidOrders).doc(keyId(uid));

/**
 * The account's orders awaiting payment, read inside an order's transaction: one document per
 * account that every checkout and payment or cancel of its orders writes, so racing checkouts of one
 * account are retried by Firestore and count each other. An account without one (its orders placed
 * before it was kept) is counted from its orders.
 */
export async function readUnpaidIn(db: Firestore, tx: Transaction, uid: string): Promise<string[]> {
  const held = await tx.get(holdRef(db, uid));
  if (held.exists) return held.get('orderIds') as string[];
  const pending = await tx.get(
    db
      .collection(COLLECTIONS.orders)
      .where('uid', '==', uid)
      .where('status', '==', 'pending_payment')
      .select(),
  );
  return pending.docs.map((d) => d.id);
}

/** Writes the account's orders awaiting payment (after readUnpaidIn in the same transaction). */
export function writeUnpaidIn(
  db: Firestore,
  tx: Transaction,
  uid: string,
  orderIds: readonly string[],
): void {
  tx.set(holdRef(db, uid), { orderIds });
}
