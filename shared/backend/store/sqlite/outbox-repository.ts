import { timestampFromMillis } from '../../../domain/timestamp.js';
import { newId, newTimeOrderedId } from '../../ids.js';
import {
  type ClaimedMail,
  OUTBOX_LEASE_MS,
  type OutboxEntry,
  type OutboxMail,
  type OutboxRepository,
  type OutboxStatus,
} from '../port.js';
import { whenFree } from './busy-wait.js';
import type { SqliteDatabase } from './sqlite-database.js';

interface OutboxRow {
  id: string;
  mail: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  lease: string | null;
  created_at: number;
  due_at: number | null;
}

const toEntry = (row: OutboxRow): OutboxEntry => ({
  id: row.id,
  mail: JSON.parse(row.mail) as OutboxMail,
  status: row.status,
  attempts: row.attempts,
  lastError: row.last_error,
  createdAt: timestampFromMillis(row.created_at),
  dueAt: row.due_at === null ? null : timestampFromMillis(row.due_at),
});

/** Queues e-mails, due at once; called inside the transaction of the change that causes them. */
export function enqueueMail(db: SqliteDatabase, mails: readonly OutboxMail[], atMs: number): void {
  const insert = db.prepare<[string, string, number, number]>(
    'INSERT INTO outbox (id, mail, created_at, due_at) VALUES (?, ?, ?, ?)',
  );
  for (const [i, mail] of mails.entries())
    insert.run(newTimeOrderedId(atMs, i), JSON.stringify(mail), atMs, atMs);
}

export class SqliteOutboxRepository implements OutboxRepository {
  constructor(
    private readonly db: SqliteDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  async enqueue(mails: readonly OutboxMail[]): Promise<void> {
    await whenFree(() => this.db.transaction(() => enqueueMail(this.db, mails, this.now()))());
  }

  async claimDue(nowMs: number, limit: number): Promise<ClaimedMail[]> {
    // IMMEDIATE: two senders (the shop and a CLI command) claim one after the other, never the same row.
    return this.db
      .transaction(() => {
        const due = this.db
          .prepare<[number, number], OutboxRow>(
            'SELECT * FROM outbox WHERE due_at <= ? ORDER BY due_at, id LIMIT ?',
          )
          .all(nowMs, limit);
        const lease = newId();
        const take = this.db.prepare<[number, string, string]>(
          'UPDATE outbox SET due_at = ?, lease = ?, attempts = attempts + 1 WHERE id = ?',
        );
        for (const row of due) take.run(nowMs + OUTBOX_LEASE_MS, lease, row.id);
        return due.map((row) => ({
          id: row.id,
          mail: JSON.parse(row.mail) as OutboxMail,
          attempts: row.attempts + 1,
          lease,
        }));
      })
      .immediate();
  }

  async markSent(id: string): Promise<void> {
    this.db
      .prepare<[string]>(
        "UPDATE outbox SET status = 'sent', due_at = NULL, lease = NULL, last_error = NULL WHERE id = ?",
      )
      .run(id);
  }

  async markFailed(
    id: string,
    lease: string,
    { retryAt, error }: { retryAt: number | null; error: string },
  ): Promise<void> {
    this.db
      .prepare<[string, number | null, string, string, string]>(
        `UPDATE outbox SET status = ?, due_at = ?, last_error = ?, lease = NULL
          WHERE id = ? AND lease = ? AND status = 'pending'`,
      )
      .run(retryAt === null ? 'failed' : 'pending', retryAt, error, id, lease);
  }

  async list(status?: OutboxStatus): Promise<OutboxEntry[]> {
    const rows = status
      ? this.db
          .prepare<[string], OutboxRow>('SELECT * FROM outbox WHERE status = ? ORDER BY created_at, id')
          .all(status)
      : this.db.prepare<[], OutboxRow>('SELECT * FROM outbox ORDER BY created_at, id').all();
    return rows.map(toEntry);
  }
}
