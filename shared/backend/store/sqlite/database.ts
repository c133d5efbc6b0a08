import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { BUSY_TIMEOUT_MS } from './busy-wait.js';
import { finishAbandonedImports } from './import-journal.js';
import { assertIntact, DamagedStoreError, isCorruption, refuseEmptyBesideData } from './integrity.js';
import { migrations } from './migrations.js';
import { reusePreparedStatements } from './reused-statements.js';
import type { SqliteDatabase } from './sqlite-database.js';

/**
 * Opens (creating if needed) the shop database in WAL mode, brings its schema up to date and takes
 * back any import whose process died part way. A file that fails SQLite's quick check, or an empty
 * one beside a shop's other data, is refused with a DamagedStoreError naming the file and how to
 * restore it.
 */
export function openDatabase(file: string): SqliteDatabase {
  const onDisk = file !== ':memory:';
  if (onDisk) {
    mkdirSync(dirname(file), { recursive: true });
    refuseEmptyBesideData(file);
  }
  const db = new Database(file);
  try {
    // Opening may wait for another process's write (the shop's, or an import's step): nothing is
    // served yet. Afterwards each statement waits only briefly; whenFree waits longer without blocking.
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    if (onDisk) assertIntact(db, file);
    migrate(db);
    finishAbandonedImports(db);
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    reusePreparedStatements(db);
    return db;
  } catch (error) {
    db.close();
    if (isCorruption(error))
      throw new DamagedStoreError(file, `is damaged (SQLite: ${(error as Error).message})`);
    throw error;
  }
}

function migrate(db: SqliteDatabase): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new Error(
      `The database was written by a newer version of the shop (schema ${current}, this version knows ${latest}).`,
    );
  }
  for (const { version, sql, run } of migrations) {
    if (version <= current) continue;
    db.transaction(() => {
      db.exec(sql);
      run?.(db);
      db.pragma(`user_version = ${version}`);
    }).immediate();
  }
}
