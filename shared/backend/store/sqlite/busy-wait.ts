import { setTimeout as sleep } from 'node:timers/promises';
import { StoreBusyError } from '../store-busy-error.js';

/**
 * How long one statement may block the event loop waiting for another connection's write lock.
 * better-sqlite3 is synchronous, so SQLite's own busy wait stops the whole server; longer waits
 * happen in whenFree, between attempts, with the event loop free.
 */
export const BUSY_TIMEOUT_MS = 5;

/** The longest a request waits for the store before it is answered 503 'store-busy'. */
const REQUEST_PATIENCE_MS = 250;

export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/**
 * Runs `work` (synchronous SQLite calls, a transaction at most) and, while it fails because another
 * connection holds the lock, runs it again after a growing, jittered pause; past `patienceMs` it
 * throws StoreBusyError. `work` must leave nothing behind when it throws, as a transaction does.
 */
export async function whenFree<T>(work: () => T, patienceMs = REQUEST_PATIENCE_MS): Promise<T> {
  const deadline = performance.now() + patienceMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return work();
    } catch (error) {
      if (!isBusy(error)) throw error;
      const left = deadline - performance.now();
      if (left <= BUSY_TIMEOUT_MS) throw new StoreBusyError();
      const backoff = Math.min(50, 2 ** (attempt + 1));
      await sleep(Math.min(left - BUSY_TIMEOUT_MS, backoff * (0.5 + Math.random() / 2)));
    }
  }
}
