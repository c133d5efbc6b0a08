import { closeSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { StoreBackupSummary } from '../port.js';
import { isCorruption, quickCheckProblems } from './integrity.js';
import { migrations } from './migrations.js';
import type { SqliteDatabase } from './sqlite-database.js';

/** What a copy of the shop's database holds, so an operator can tell one backup from another. */
export type DatabaseCopySummary = StoreBackupSummary;

export interface RestoreSummary extends DatabaseCopySummary {
  /** The database file that now holds the backup's data. */
  restoredTo: string;
  /** Where the database it replaced was kept, or null when there was none. */
  keptAs: string | null;
}

/** A backup or restore that was refused or failed; its message says why and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

// The whole database in one step, so the copy is one read transaction: a snapshot however busy the
// shop is (smaller steps restart whenever another process writes between them).
const ALL_PAGES = 0x7fffffff;

/**
 * Writes a consistent copy of the open database to `target` with SQLite's online backup, while other
 * processes keep writing. The copy is written under a temporary name, checked, made a single file
 * (rollback journal, no -wal beside it) and renamed into place; on failure nothing is left behind.
 */
export async function backupDatabase(db: SqliteDatabase, target: string): Promise<DatabaseCopySummary> {
  const partial = `${target}.partial-${process.pid}`;
  try {
    await db.backup(partial, { progress: () => ALL_PAGES });
    const summary = checkCopy(partial, target);
    syncFile(partial);
    renameSync(partial, target);
    syncFile(dirname(target));
    return summary;
  } catch (error) {
    rmSync(partial, { force: true });
    rmSync(`${partial}-journal`, { force: true });
    throw error;
  }
}

/**
 * Puts a backup in place of `target` (the shop's database): the backup is copied under a temporary
 * name and checked (a SQLite database of this shop's schema that passes quick_check) before the
 * current database is touched; that one is then kept as `<target>.before-restore-<date>`, with its
 * -wal so no committed change is lost, and its stale -shm removed.
 */
export async function restoreDatabase(source: string, target: string): Promise<RestoreSummary> {
  if (!statSync(source, { throwIfNoEntry: false })?.isFile())
    throw new BackupError(`${source}: no such backup file`);
  const partial = `${target}.restore-${process.pid}`;
  let summary: DatabaseCopySummary;
  try {
    // Through SQLite's backup rather than a byte copy, so a backup that has a -wal beside it comes whole.
    const from = new Database(source, { readonly: true, fileMustExist: true });
    try {
      await from.backup(partial, { progress: () => ALL_PAGES });
    } finally {
      from.close();
    }
    summary = checkCopy(partial, source);
    syncFile(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    rmSync(`${partial}-journal`, { force: true });
    if (error instanceof BackupError) throw error;
    if (isCorruption(error))
      throw new BackupError(`${source} is not a database of this shop: ${(error as Error).message}`);
    throw error;
  }
  let keptAs: string | null = null;
  if (statSync(target, { throwIfNoEntry: false })) {
    keptAs = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, keptAs);
    // The replaced database's committed changes may still be in its -wal: it goes with it.
    if (statSync(`${target}-wal`, { throwIfNoEntry: false })) renameSync(`${target}-wal`, `${keptAs}-wal`);
  }
  rmSync(`${target}-wal`, { force: true });
  rmSync(`${target}-shm`, { force: true });
  renameSync(partial, target);
  syncFile(dirname(target));
  return { ...summary, file: source, restoredTo: target, keptAs };
}

/**
 * Checks a fresh copy: it passes quick_check and has exactly the tables this shop's schema has at its
 * version. Also turns it into a single file (rollback journal), so it can be moved and copied alone.
 */
function checkCopy(copyFile: string, shownAs: string): DatabaseCopySummary {
  const copy = new Database(copyFile, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const problems = quickCheckProblems(copy);
    if (problems.length > 0)
      throw new BackupError(`${shownAs} is damaged (SQLite's integrity check: ${problems.join('; ')})`);
    const version = copy.pragma('user_version', { simple: true }) as number;
    const latest = migrations.at(-1)?.version ?? 0;
    if (version < 1 || version > latest)
      throw new BackupError(
        version > latest
          ? `${shownAs} was written by a newer version of the shop (schema ${version}, this version knows ${latest})`
          : `${shownAs} is a SQLite database but not one of this shop's`,
      );
    const missing = tablesAt(version).filter((table) => !hasTable(copy, table));
    if (missing.length > 0)
      throw new BackupError(
        `${shownAs} is not a database of this shop: it has no ${missing.join(', ')} table`,
      );
    const count = (table: string) =>
      hasTable(copy, table)
        ? (copy.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
        : 0;
    return {
      file: shownAs,
      bytes: statSync(copyFile).size,
      schemaVersion: version,
      products: count('products'),
      orders: count('orders'),
      messages: count('messages'),
    };
  } finally {
    copy.close();
  }
}

/** The tables a database of this shop has at a schema version, as its migrations create them. */
function tablesAt(version: number): string[] {
  const scratch = new Database(':memory:');
  try {
    for (const migration of migrations) if (migration.version <= version) scratch.exec(migration.sql);
    return (
      scratch.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
        name: string;
      }[]
    ).map((row) => row.name);
  } finally {
    scratch.close();
  }
}

function hasTable(db: SqliteDatabase, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

/** Flushes a file (or a folder's entries, after a rename) to the disk. */
function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
