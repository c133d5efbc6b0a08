import Database from 'better-sqlite3';
import { migrations } from '../../shared/backend/store/sqlite/migrations.js';

/** A new SQLite file as an older shop left it: the migrations up to `version` applied, and no later one. */
export function sqliteFileAtSchema(file: string, version: number): Database.Database {
  const db = new Database(file);
  for (const m of migrations.filter((m) => m.version <= version)) {
    db.exec(m.sql);
    m.run?.(db);
  }
  db.pragma(`user_version = ${version}`);
  return db;
}
