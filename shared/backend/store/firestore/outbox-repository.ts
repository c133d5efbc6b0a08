import {
  FieldValue,
  type Firestore,
  type Timestamp,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { newId, newTimeOrderedId } from '../../ids.js';
import {
  type ClaimedMail,
  OUTBOX_LEASE_MS,
  type OutboxEntry,
  type OutboxMail,
  type OutboxRepository,
  type OutboxStatus,
} from '../port.js';
import { COLLECTIONS, timestampAt, toApiTimestamp } from './documents.js';

interface OutboxDocument {
  id: string;
  mail: OutboxMail;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  lease: string | null;
  createdAt: Timestamp;
  /** Null once sent or failed, which the due query (one field, no composite index) then skips. */
  dueAtMs: number | null;
}

const toEntry = (d: OutboxDocument): OutboxEntry => ({
  id: d.id,
  mail: d.mail,
  status: d.status,
  attempts: d.attempts,
  lastError: d.lastError,
  createdAt: toApiTimestamp(d.createdAt),
  dueAt: d.dueAtMs === null ? null : toApiTimestamp(timestampAt(d.dueAtMs)),
});

/** Queues e-mails, due at once, in the transaction or batch of the change that causes them. */
export function enqueueMail(
  db: Firestore,
  writes: Transaction | WriteBatch,
  mails: readonly OutboxMail[],
  atMs: number,
): void {
  mails.forEach((mail, i) => {
    const id = newTimeOrderedId(atMs, i);
    const document: OutboxDocument = {
      id,
      mail,
      status: 'pending',
      attempts: 0,
      lastError: null,
      lease: null,
      createdAt: timestampAt(atMs),
      dueAtMs: atMs,
    };
    writes.create(db.collection(COLLECTIONS.outbox).doc(id), document);
  });
}

export class FirestoreOutboxRepository implements OutboxRepository {
  constructor(
    private readonly db: Firestore,
    private readonly now: () => number = Date.now,
  ) {}

  async enqueue(mails: readonly OutboxMail[]): Promise<void> {
    const batch = this.db.batch();
    enqueueMail(this.db, batch, mails, this.now());
    await batch.commit();
  }

  private get outbox() {
    return this.db.collection(COLLECTIONS.outbox);
  }

  async claimDue(nowMs: number, limit: number): Promise<ClaimedMail[]> {
    // In a transaction: a second sender claiming at the same time is made to retry, and then sees
    // these e-mails leased (due later), so the two never hold the same one.
    return this.db.runTransaction(async (tx) => {
      // Firestore orders by the filtered field itself; sorting again keeps one order on every emulator.
      const due = (await tx.get(this.outbox.where('dueAtMs', '<=', nowMs).limit(limit))).docs.sort(
        (a, b) => a.get('dueAtMs') - b.get('dueAtMs') || a.id.localeCompare(b.id),
      );
      const lease = newId();
      return due.map((snapshot) => {
        const doc = snapshot.data() as OutboxDocument;
        tx.update(snapshot.ref, {
          dueAtMs: nowMs + OUTBOX_LEASE_MS,
          lease,
          attempts: FieldValue.increment(1),
        });
        return { id: doc.id, mail: doc.mail, attempts: doc.attempts + 1, lease };
      });
    });
  }

  async markSent(id: string): Promise<void> {
    await this.outbox.doc(id).update({ status: 'sent', dueAtMs: null, lease: null, lastError: null });
  }

  async markFailed(
    id: string,
    lease: string,
    { retryAt, error }: { retryAt: number | null; error: string },
  ): Promise<void> {
    await this.db.runTransaction(async (tx) => {
      const ref = this.outbox.doc(id);
      const doc = (await tx.get(ref)).data() as OutboxDocument | undefined;
      if (doc?.status !== 'pending' || doc.lease !== lease) return;
      tx.update(ref, {
        status: retryAt === null ? 'failed' : 'pending',
        dueAtMs: retryAt,
        lastError: error,
        lease: null,
      });
    });
  }

  async list(status?: OutboxStatus): Promise<OutboxEntry[]> {
    const query = status ? this.outbox.where('status', '==', status) : this.outbox;
    const snapshot = await query.get();
    // Ordered here: ordering in the query would need a composite index for an admin listing.
    return snapshot.docs
      .map((d) => d.data() as OutboxDocument)
      .sort((a, b) => a.createdAt.toMillis() - b.createdAt.toMillis() || a.id.localeCompare(b.id))
      .map(toEntry);
  }
}
