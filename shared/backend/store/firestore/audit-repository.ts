import type { Firestore, Timestamp, Transaction, WriteBatch } from 'firebase-admin/firestore';
import type { AuditEntry, AuditPage, AuditQuery, AuditRecord } from '../../../domain/audit.js';
import { newTimeOrderedId } from '../../ids.js';
import type { AuditRepository } from '../port.js';
import { COLLECTIONS, timestampAt, toApiTimestamp } from './documents.js';
import { auditQuery } from './indexed-queries.js';

interface AuditDocument extends Omit<AuditEntry, 'at'> {
  at: Timestamp;
}

const toEntry = ({ at, ...rest }: AuditDocument): AuditEntry => ({ ...rest, at: toApiTimestamp(at) });

/**
 * Appends entries in the transaction or batch of the change they record; returns their ids (an
 * import's undo deletes them with the change it takes back).
 */
export function writeAudit(
  db: Firestore,
  writes: Transaction | WriteBatch,
  records: readonly (AuditRecord | null)[],
  atMs: number,
): string[] {
  const ids: string[] = [];
  for (const record of records) {
    if (!record) continue;
    const id = newTimeOrderedId(atMs, ids.length);
    const doc: AuditDocument = { id, at: timestampAt(atMs), ...record };
    writes.create(db.collection(COLLECTIONS.audit).doc(id), doc);
    ids.push(id);
  }
  return ids;
}

export class FirestoreAuditRepository implements AuditRepository {
  constructor(
    private readonly db: Firestore,
    private readonly now: () => number,
  ) {}

  async record(entries: readonly AuditRecord[]): Promise<void> {
    const batch = this.db.batch();
    writeAudit(this.db, batch, entries, this.now());
    await batch.commit();
  }

  async list(query: AuditQuery): Promise<AuditPage> {
    const snapshot = await auditQuery(this.db, query).get();
    const entries = snapshot.docs.slice(0, query.limit).map((d) => toEntry(d.data() as AuditDocument));
    return { entries, next: snapshot.size > query.limit ? entries.at(-1)!.id : null };
  }
}
