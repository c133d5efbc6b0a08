import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrations } from './migrations.js';

export type SqliteDatabase = Database.Database;

/** Opens (creating if needed) the shop database in WAL mode and brings its schema up to date. */
export function openDatabase(file: string): SqliteDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // Another process (the CLI while the server runs) may hold the write lock briefly.
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
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
