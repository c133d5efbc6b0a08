import type { Store } from '../port.js';
import { openDatabase, type SqliteDatabase } from './database.js';
import { SqliteProductRepository } from './product-repository.js';

export interface SqliteStoreOptions {
  /** Database file path, or ':memory:'. */
  file: string;
  /** Clock in milliseconds; injectable so tests can control timestamps. */
  now?: () => number;
  /** See SqliteProductRepository: how long another process's writes may go unnoticed. */
  externalChangeWindowMs?: number;
}

export class SqliteStore implements Store {
  readonly kind = 'sqlite' as const;
  readonly products: SqliteProductRepository;

  constructor(
    readonly db: SqliteDatabase,
    now: () => number = Date.now,
    externalChangeWindowMs = 0,
  ) {
    this.products = new SqliteProductRepository(db, now, externalChangeWindowMs);
  }

  /** Small facts about this database, such as when the sample catalogue was seeded. */
  getMeta(key: string): string | null {
    return (
      this.db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?').get(key)?.value ??
      null
    );
  }

  setMeta(key: string, value: string): void {
    this.db
      .prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      )
      .run(key, value);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

export function openSqliteStore({ file, now, externalChangeWindowMs }: SqliteStoreOptions): SqliteStore {
  return new SqliteStore(openDatabase(file), now, externalChangeWindowMs);
}
