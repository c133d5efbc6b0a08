import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type Database from 'better-sqlite3';

/** What a person does about a damaged or lost database. */
const restoreHint = (file: string) =>
  `Restore the latest backup with \`shop --data ${dirname(file)} restore BACKUP_FILE\` (see "Backups" in README.md); ` +
  'the current file is kept beside it as shop.sqlite.before-restore-<date>.';

/** The shop's database is unusable; the shop refuses to start on it rather than fail orders later. */
export class DamagedStoreError extends Error {
  override name = 'DamagedStoreError';
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(`The shop's database ${file} ${problem}, so the shop will not use it. ${restoreHint(file)}`);
  }
}

/** Things in the data folder that only a shop that has already run leaves there. */
const EARLIER_SHOP_DATA = ['images', 'auth-export', 'outbox', 'admin-account.json', 'shop.sqlite-wal'];

/**
 * A 0-byte database beside a shop's other data is a lost database (a truncating copy, a full disk),
 * not a new shop: starting would seed a sample catalogue over the real one's images and accounts.
 */
export function refuseEmptyBesideData(file: string): void {
  if (statSync(file, { throwIfNoEntry: false })?.size !== 0) return;
  const dir = dirname(file);
  const found = EARLIER_SHOP_DATA.filter((name) => holdsData(join(dir, name)));
  if (found.length > 0)
    throw new DamagedStoreError(
      file,
      `is empty (0 bytes) although the data folder holds a shop's data (${found.join(', ')})`,
    );
}

function holdsData(path: string): boolean {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return false;
  return stat.isDirectory() ? readdirSync(path).length > 0 : stat.size > 0;
}

/** SQLite's quick_check (structure of every page, not index contents): the problems found, if any. */
export function quickCheckProblems(db: Database.Database): string[] {
  const rows = db.pragma('quick_check(5)', { simple: false }) as { quick_check: string }[];
  return rows.map((row) => row.quick_check).filter((line) => line !== 'ok');
}

/** Throws DamagedStoreError when the open database fails SQLite's quick check. */
export function assertIntact(db: Database.Database, file: string): void {
  const problems = quickCheckProblems(db);
  if (problems.length > 0)
    throw new DamagedStoreError(file, `is damaged (SQLite's integrity check: ${problems.join('; ')})`);
}

/** SQLite's own words for a file that is not a database or whose pages are broken. */
export function isCorruption(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}
