import type { Timestamp } from './timestamp.js';

/**
 * The audit log: who changed what in the catalogue, orders and admin rights. Entries are only ever
 * appended; the API has no way to change or remove one.
 */
export const AUDIT_ENTITIES = ['product', 'lot', 'order', 'admin', 'discount', 'settings'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

type AuditAction = 'created' | 'updated' | 'deleted';

/** Field paths (`specs.purity`, `variants.<variant id>.price`) to their values. */
type AuditFields = Record<string, unknown>;

export interface AuditEntry {
  /** Sorts by `at`, newest last: the log's cursor. */
  id: string;
  at: Timestamp;
  /** A member of staff's e-mail at the time, or `cli:<os user>` for the `shop` CLI. */
  actor: string;
  /**
   * The member of staff's uid: the person, whatever e-mail they use before or after. Absent for the
   * CLI (an operator at the store itself, who has no account) and for entries written before uids were kept.
   */
  actorUid?: string;
  entity: AuditEntity;
  entityId: string;
  action: AuditAction;
  /** Only the fields that changed: as they were and as they became (none before a creation, none after a deletion). */
  before: AuditFields;
  after: AuditFields;
}

/** An entry as a change writes it; the store gives it its id and time. */
export type AuditRecord = Omit<AuditEntry, 'id' | 'at'>;

/** Who a change is recorded as made by. */
export type AuditActor = Pick<AuditEntry, 'actor' | 'actorUid'>;

export interface AuditQuery {
  entity?: AuditEntity;
  entityId?: string;
  actor?: string;
  /** Only entries by this person (their uid), under whichever e-mail they had. */
  actorUid?: string;
  /** Only entries at or after this time (ms). */
  sinceMs?: number;
  /** An entry id from a previous page: only older entries. */
  before?: string;
  limit: number;
}

export interface AuditPage {
  /** Newest first. */
  entries: AuditEntry[];
  /** The cursor of the next (older) page, or null when this one is the last. */
  next: string | null;
}

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 200;

/** What is bookkeeping rather than a change someone made: never recorded. */
const UNRECORDED = new Set(['id', 'createdAt', 'updatedAt', 'version', 'statusHistory']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const hasIds = (value: unknown): value is { id: string }[] =>
  Array.isArray(value) && value.length > 0 && value.every((v) => isObject(v) && typeof v.id === 'string');

/**
 * Flattens a record into field paths: nested objects by key, lists of records with ids (variants) by
 * id, so that a change to one variant's price records that price alone. Other lists stay whole.
 */
function flatten(value: unknown, path: string, into: AuditFields): AuditFields {
  if (isObject(value) && path !== '') {
    for (const [key, inner] of Object.entries(value)) flatten(inner, `${path}.${key}`, into);
  } else if (isObject(value)) {
    for (const [key, inner] of Object.entries(value)) if (!UNRECORDED.has(key)) flatten(inner, key, into);
  } else if (hasIds(value)) {
    for (const item of value) flatten(item, `${path}.${item.id}`, into);
  } else into[path] = value;
  return into;
}

/** A record's fields as they are, bookkeeping left out. */
function snapshot(record: object): AuditFields {
  const fields: AuditFields = {};
  for (const [key, value] of Object.entries(record)) if (!UNRECORDED.has(key)) fields[key] = value;
  return fields;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between two states of a record (null for none: created, or deleted), or
 * null when nothing a person changed differs.
 */
export function auditChange(
  before: object | null,
  after: object | null,
): Pick<AuditRecord, 'action' | 'before' | 'after'> | null {
  // A record created or deleted is kept whole, as it is: nothing to compare, and an import creates
  // hundreds of thousands (flattening each into paths cost an import most of its time).
  if (before === null && after !== null) return { action: 'created', before: {}, after: snapshot(after) };
  if (after === null && before !== null) return { action: 'deleted', before: snapshot(before), after: {} };
  const was = before ? flatten(before, '', {}) : {};
  const is = after ? flatten(after, '', {}) : {};
  const changed: Pick<AuditRecord, 'before' | 'after'> = { before: {}, after: {} };
  for (const key of new Set([...Object.keys(was), ...Object.keys(is)])) {
    if (same(was[key], is[key])) continue;
    if (key in was) changed.before[key] = was[key];
    if (key in is) changed.after[key] = is[key];
  }
  const action: AuditAction = before === null ? 'created' : after === null ? 'deleted' : 'updated';
  if (action === 'updated' && Object.keys(changed.before).length + Object.keys(changed.after).length === 0)
    return null;
  return { action, ...changed };
}

/** The CLI's actor for an operating-system user: no uid, as the CLI works on the store without an account. */
export const cliActor = (osUser: string): AuditActor => ({ actor: `cli:${osUser}` });

/** A member of staff as an actor: their uid, and their e-mail now (or the uid when they have none). */
export const staffAuditActor = (user: { uid: string; email: string | null }): AuditActor => ({
  actor: user.email ?? `uid:${user.uid}`,
  actorUid: user.uid,
});

/** One changed field as people read it: its path and both values written out ('' when absent). */
export interface AuditFieldChange {
  field: string;
  before: string;
  after: string;
}

const shown = (fields: AuditFields, key: string): string =>
  key in fields
    ? typeof fields[key] === 'string'
      ? (fields[key] as string)
      : JSON.stringify(fields[key])
    : '';

/** An entry's changed fields in order, for a table or a history list. */
export function auditFieldChanges(entry: Pick<AuditEntry, 'before' | 'after'>): AuditFieldChange[] {
  const keys = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])].sort();
  return keys.map((field) => ({
    field,
    before: shown(entry.before, field),
    after: shown(entry.after, field),
  }));
}
