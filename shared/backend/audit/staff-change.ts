import { type AuditEntity, type AuditRecord, auditChange } from '../../domain/audit.js';
import { currentActor } from './actor.js';

/**
 * The audit entry of a change between the two states `states` gives (null: created, or deleted), or
 * null when no actor is set (states is then not called) or nothing recorded changed. Adapters call it
 * inside the change's transaction.
 */
export function staffChange(
  entity: AuditEntity,
  entityId: string,
  states: () => [before: object | null, after: object | null],
): AuditRecord | null {
  const actor = currentActor();
  if (actor === null) return null;
  const change = auditChange(...states());
  return change && { ...actor, entity, entityId, ...change };
}
