import type { Store, StoreBackupSummary, StoreMeta } from '../port.js';
import { SqliteAuditRepository } from './audit-repository.js';
import { backupDatabase } from './backup.js';
import { whenFree } from './busy-wait.js';
import { ChangeTracker } from './change-tracker.js';
import { openDatabase } from './database.js';
import { SqliteDiscountRepository } from './discount-repository.js';
import { finishAbandonedImportsNow } from './import-journal.js';
import { SqliteLotRepository } from './lot-repository.js';
import { SqliteMessageRepository } from './message-repository.js';
import { SqliteOrderRepository } from './order-repository.js';
import { SqliteOutboxRepository } from './outbox-repository.js';
import { SqliteProductRepository } from './product-repository.js';
import { SqliteReportRepository } from './report-repository.js';
import type { SqliteDatabase } from './sqlite-database.js';

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
  readonly orders: SqliteOrderRepository;
  readonly messages: SqliteMessageRepository;
  readonly outbox: SqliteOutboxRepository;
  readonly lots: SqliteLotRepository;
  readonly discounts: SqliteDiscountRepository;
  readonly reports: SqliteReportRepository;
  readonly audit: SqliteAuditRepository;
  private readonly changes: ChangeTracker;

  constructor(
    readonly db: SqliteDatabase,
    now: () => number = Date.now,
    externalChangeWindowMs = 0,
  ) {
    const changes = new ChangeTracker(db, externalChangeWindowMs);
    this.changes = changes;
    this.products = new SqliteProductRepository(db, now, changes);
    this.orders = new SqliteOrderRepository(db, now, changes);
    this.messages = new SqliteMessageRepository(db, now);
    this.outbox = new SqliteOutboxRepository(db, now);
    this.lots = new SqliteLotRepository(db, now);
    this.discounts = new SqliteDiscountRepository(db, now);
    this.reports = new SqliteReportRepository(db);
    this.audit = new SqliteAuditRepository(db, now);
  }

  readonly meta: StoreMeta = {
    get: (key) =>
      whenFree(
        () =>
          this.db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?').get(key)
            ?.value ?? null,
      ),
    set: async (key, value) => {
      await whenFree(() =>
        this.db
          .prepare(
            'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
          )
          .run(key, value),
      );
    },
  };

  backup(file: string): Promise<StoreBackupSummary> {
    return backupDatabase(this.db, file);
  }

  startMaintenance(): { stop(): Promise<void> } {
    return this.watchAbandonedImports();
  }

  async clear(): Promise<void> {
    await whenFree(() =>
      this.db.transaction(() =>
        this.db.exec(
          'DELETE FROM discount_redemptions; DELETE FROM discounts; DELETE FROM orders; DELETE FROM messages; DELETE FROM lots; DELETE FROM skus; DELETE FROM products;',
        ),
      )(),
    );
    this.changes.noteWrite();
  }

  /**
   * Takes back, every `intervalMs`, an import killed beside the running shop, which would otherwise
   * stay until the store is next opened. A busy store or a closed one waits for the next round.
   */
  watchAbandonedImports(intervalMs = 5_000): { stop(): Promise<void> } {
    let round: Promise<void> = Promise.resolve();
    const timer = setInterval(() => {
      round = round
        .then(() => finishAbandonedImportsNow(this.db, () => this.changes.noteWrite()))
        .catch(() => {});
    }, intervalMs);
    timer.unref();
    return {
      stop: async () => {
        clearInterval(timer);
        await round;
      },
    };
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

export function openSqliteStore({ file, now, externalChangeWindowMs }: SqliteStoreOptions): SqliteStore {
  return new SqliteStore(openDatabase(file), now, externalChangeWindowMs);
}
