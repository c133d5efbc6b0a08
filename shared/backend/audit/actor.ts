import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditActor } from '../../domain/audit.js';

/**
 * Who is making the changes under way: set once by the server for staff requests and by the CLI for
 * a command, and read by the store adapters inside each change's transaction. Held here rather than
 * passed to every store method so that no write path of a staff request or command can forget it;
 * changes with no actor (a shopper's checkout, Stripe's webhook, the overdue sweep) are not audited.
 */
const scope = new AsyncLocalStorage<() => AuditActor | null>();

/** Runs `work` with its store changes recorded as made by `actor` (resolved when a change is written). */
export function asActor<T>(actor: AuditActor | (() => AuditActor | null), work: () => T): T {
  return scope.run(typeof actor === 'function' ? actor : () => actor, work);
}

/** The actor of the changes being made now, or null when they are not audited. */
export function currentActor(): AuditActor | null {
  return scope.getStore()?.() ?? null;
}
