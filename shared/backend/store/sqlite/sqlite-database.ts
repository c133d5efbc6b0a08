import type Database from 'better-sqlite3';

/** The open shop database, as every repository of this adapter is given it. */
export type SqliteDatabase = Database.Database;
