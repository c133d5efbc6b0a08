import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { isBusy } from './busy-wait.js';
import type { SqliteDatabase } from './sqlite-database.js';

/**
 * Marks an import as alive for as long as its process lives: an exclusive SQLite lock on a small
 * file of its own, which the operating system drops when the process ends, even by `kill -9`. A
 * journal entry whose lock nobody holds belongs to a dead import, and is safe to undo.
 */
export class ImportLock {
  private constructor(
    private readonly file: string | null,
    private held: SqliteDatabase | null,
  ) {}

  /** Takes the lock of a new import; an in-memory store needs none, as it dies with its process. */
  static take(db: SqliteDatabase, importId: string): ImportLock {
    const file = lockFile(db, importId);
    if (!file) return new ImportLock(null, null);
    const held = new Database(file);
    held.exec('BEGIN EXCLUSIVE');
    return new ImportLock(file, held);
  }

  /** The lock of an import whose process has ended, now held by us; null while its import is alive. */
  static takeOver(db: SqliteDatabase, importId: string): ImportLock | null {
    const file = lockFile(db, importId);
    if (!file) return new ImportLock(null, null);
    let held: SqliteDatabase;
    try {
      held = new Database(file, { fileMustExist: true, timeout: 0 });
    } catch {
      // never created (the import died before writing anything) or already cleaned up
      return new ImportLock(file, null);
    }
    try {
      held.exec('BEGIN EXCLUSIVE');
      return new ImportLock(file, held);
    } catch (error) {
      held.close();
      if (isBusy(error)) return null;
      throw error;
    }
  }

  release(): void {
    if (this.held?.open) this.held.close();
    this.held = null;
    if (this.file) rmSync(this.file, { force: true });
  }
}

function lockFile(db: SqliteDatabase, importId: string): string | null {
  return db.memory ? null : `${db.name}-import-${importId}.lock`;
}
