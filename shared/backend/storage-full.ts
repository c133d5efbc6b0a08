import { statfsSync } from 'node:fs';
import { ShopError } from '../domain/errors.js';

const STORAGE_FULL_MESSAGE =
  "The shop's disk is full; nothing was saved. Please try again later (the shop's operator has to free some disk space).";

export class StorageFullError extends ShopError {
  constructor(options?: { cause?: unknown }) {
    super('storage-full', STORAGE_FULL_MESSAGE);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** Node's words for a full disk or an exhausted quota. */
const NODE_FULL = new Set(['ENOSPC', 'EDQUOT']);
/** Below this, a disk counts as full: SQLite and the file system need a few blocks of slack. */
const FULL_BELOW_BYTES = 64 * 1024;

/**
 * The one place that recognises a full disk: Node's ENOSPC/EDQUOT, SQLite's SQLITE_FULL, and a
 * SQLITE_IOERR_* while the data folder's disk has no room left (better-sqlite3 does not expose the
 * errno behind an I/O error, so the free space decides). Returns the error to raise instead, or null.
 */
export function asStorageFull(error: unknown, dataDir?: string): StorageFullError | null {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof StorageFullError) return e;
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code !== 'string') continue;
    if (NODE_FULL.has(code) || code === 'SQLITE_FULL') return new StorageFullError({ cause: error });
    if (code.startsWith('SQLITE_IOERR') && dataDir && diskIsFull(dataDir))
      return new StorageFullError({ cause: error });
  }
  return null;
}

function diskIsFull(dir: string): boolean {
  try {
    const { bavail, bsize } = statfsSync(dir);
    return bavail * bsize < FULL_BELOW_BYTES;
  } catch {
    return false;
  }
}
