import {
  type DocumentReference,
  FieldValue,
  type Firestore,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { COLLECTIONS } from './documents.js';

/**
 * Shards of the counter; Firestore sustains about one write a second to a single document, and every
 * stock-taking checkout bumps the counter, so one document would cap the whole shop's checkouts.
 */
const CATALOGUE_VERSION_SHARDS = 10;

/**
 * A counter every catalogue write bumps in the same transaction or batch, so the change token moves
 * for writes from any server instance or the CLI. It is Firestore's distributed counter: a bump is a
 * blind increment of one shard picked at random (no read, so no lock that concurrent checkouts would
 * contend for), and the token is the sum of all shards.
 */
export class CatalogueVersion {
  private readonly shards: DocumentReference[];

  constructor(private readonly db: Firestore) {
    this.shards = Array.from({ length: CATALOGUE_VERSION_SHARDS }, (_, i) =>
      db.collection(COLLECTIONS.meta).doc(`catalogue-${i}`),
    );
  }

  /**
   * Records, in the caller's transaction or batch, which products it writes or removes (for
   * changesSince: one document per product, so no two checkouts contend unless they take the same
   * product's stock, which they contend for anyway), and moves the token on.
   */
  changed(
    writer: Transaction | WriteBatch,
    change: { written?: Iterable<string>; removed?: Iterable<string> },
  ): void {
    const record = (id: string, deleted: boolean) =>
      (writer as WriteBatch).set(this.db.collection(COLLECTIONS.productChanges).doc(id), {
        changedAt: FieldValue.serverTimestamp(),
        deleted,
      });
    for (const id of change.written ?? []) record(id, false);
    for (const id of change.removed ?? []) record(id, true);
    this.bump(writer);
  }

  private bump(writer: Transaction | WriteBatch): void {
    const shard = this.shards[Math.floor(Math.random() * CATALOGUE_VERSION_SHARDS)]!;
    (writer as WriteBatch).set(shard, { version: FieldValue.increment(1) }, { merge: true });
  }

  async token(): Promise<string> {
    const snapshots = await this.db.getAll(...this.shards);
    return String(snapshots.reduce((sum, s) => sum + ((s.get('version') as number | undefined) ?? 0), 0));
  }
}
