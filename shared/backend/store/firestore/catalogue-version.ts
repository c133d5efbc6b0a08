import { FieldValue, type Firestore, type Transaction, type WriteBatch } from 'firebase-admin/firestore';
import { COLLECTIONS } from './documents.js';

/**
 * A counter every catalogue write bumps in the same transaction or batch, so the change token moves
 * for writes from any server instance or the CLI. A blind increment takes no read lock, so it does
 * not make concurrent checkouts conflict with each other.
 */
export class CatalogueVersion {
  constructor(private readonly db: Firestore) {}

  private get ref() {
    return this.db.collection(COLLECTIONS.meta).doc('catalogue');
  }

  bump(writer: Transaction | WriteBatch): void {
    (writer as WriteBatch).set(this.ref, { version: FieldValue.increment(1) }, { merge: true });
  }

  async token(): Promise<string> {
    const snapshot = await this.ref.get();
    return String(snapshot.get('version') ?? 0);
  }
}
