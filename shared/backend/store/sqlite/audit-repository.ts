import type { AuditEntry, AuditPage, AuditQuery, AuditRecord } from '../../../domain/audit.js';
import { timestampFromMillis } from '../../../domain/timestamp.js';
import { newTimeOrderedId } from '../../ids.js';
import type { AuditRepository } from '../port.js';
import { whenFree } from './busy-wait.js';
import type { SqliteDatabase } from './sqlite-database.js';

interface AuditRow {
  id: string;
  at: number;
  actor: string;
  /** NULL for the CLI and for entries written before migration 15. */
  actor_uid: string | null;
  entity: AuditEntry['entity'];
  entity_id: string;
  action: AuditEntry['action'];
  before: string;
  after: string;
}

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: timestampFromMillis(row.at),
  actor: row.actor,
  ...(row.actor_uid === null ? {} : { actorUid: row.actor_uid }),
  entity: row.entity,
  entityId: row.entity_id,
  action: row.action,
  before: JSON.parse(row.before),
  after: JSON.parse(row.after),
});

/** Which import step wrote an entry, so that undoing the step removes it (import-journal.ts). */
export interface ImportStepRef {
  importId: string;
  step: number;
}

/** An entry to write with its fields already as JSON: an import makes a new product's from its row. */
interface AuditText extends Omit<AuditRecord, 'before' | 'after'> {
  before: string;
  after: string;
}

/** Appends entries; called inside the transaction of the change they record. */
export function writeAudit(
  db: SqliteDatabase,
  records: readonly (AuditRecord | AuditText | null)[],
  atMs: number,
  importStep: ImportStepRef | null = null,
): void {
  if (!records.some(Boolean)) return;
  const insert = db.prepare(
    `INSERT INTO audit (id, at, actor, actor_uid, entity, entity_id, action, before, after, import_id, import_step)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const json = (fields: string | object) => (typeof fields === 'string' ? fields : JSON.stringify(fields));
  let i = 0;
  for (const r of records)
    if (r)
      insert.run(
        newTimeOrderedId(atMs, i++),
        atMs,
        r.actor,
        r.actorUid ?? null,
        r.entity,
        r.entityId,
        r.action,
        json(r.before),
        json(r.after),
        importStep?.importId ?? null,
        importStep?.step ?? null,
      );
}

export class SqliteAuditRepository implements AuditRepository {
  constructor(
    private readonly db: SqliteDatabase,
    private readonly now: () => number,
  ) {}

  async record(entries: readonly AuditRecord[]): Promise<void> {
    await whenFree(() => this.db.transaction(() => writeAudit(this.db, entries, this.now()))());
  }

  async list(query: AuditQuery): Promise<AuditPage> {
    const where: string[] = [];
    const params: (string | number)[] = [];
    const add = (sql: string, value: string | number | undefined) => {
      if (value === undefined) return;
      where.push(sql);
      params.push(value);
    };
    add('entity = ?', query.entity);
    add('entity_id = ?', query.entityId);
    add('actor = ?', query.actor);
    add('actor_uid = ?', query.actorUid);
    add('at >= ?', query.sinceMs);
    add('id < ?', query.before);
    const sql = `SELECT * FROM audit ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`;
    const rows = await whenFree(() =>
      this.db.prepare<unknown[], AuditRow>(sql).all(...params, query.limit + 1),
    );
    const entries = rows.slice(0, query.limit).map(toEntry);
    return { entries, next: rows.length > query.limit ? entries.at(-1)!.id : null };
  }
}
