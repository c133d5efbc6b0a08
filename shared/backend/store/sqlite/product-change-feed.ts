import type { SqliteDatabase } from './sqlite-database.js';

/**
 * The change feed (product_changes) written for many products in one statement, as an import step
 * does: the triggers of migration 11 leave it alone between `defer()` and `write()`, both of which
 * must run inside the same write transaction, so no other connection ever sees it deferred and a
 * step that fails takes its deferral back with it.
 */
export class ProductChangeFeed {
  private readonly hold;
  private readonly release;
  private readonly writeAll;

  constructor(db: SqliteDatabase) {
    this.hold = db.prepare<[]>('INSERT INTO product_changes_deferred (held) VALUES (1)');
    this.release = db.prepare<[]>('DELETE FROM product_changes_deferred');
    // The ids get the next sequence numbers in their order; an id given twice keeps its later one.
    this.writeAll = db.prepare<[string]>(
      `INSERT INTO product_changes (product_id, seq, deleted)
       SELECT value, (SELECT coalesce(max(seq), 0) FROM product_changes) + key + 1, 0 FROM json_each(?) WHERE true
       ON CONFLICT (product_id) DO UPDATE SET seq = excluded.seq, deleted = 0`,
    );
  }

  /** From now until `write()`, inserts and updates of products leave the feed to the caller. */
  defer(): void {
    this.hold.run();
  }

  /** Records the products written since `defer()` as changed, and lets the triggers record again. */
  write(ids: readonly string[]): void {
    if (ids.length > 0) this.writeAll.run(JSON.stringify(ids));
    this.release.run();
  }
}
