import { customerEmailKey } from '../../../domain/customer-email.js';
import { productNameKey, trimProductName } from '../../../domain/product.js';
import { productNameSkeleton } from '../../product-name-skeleton.js';
import type { SqliteDatabase } from './sqlite-database.js';

/** Migration 11's trigger for a product write: the write's id gets the feed's next number, unless deferred. */
const deferrableFeedTrigger = (name: string, event: 'INSERT' | 'UPDATE') => `
  CREATE TRIGGER ${name} AFTER ${event} ON products
    WHEN NOT EXISTS (SELECT 1 FROM product_changes_deferred) BEGIN
    INSERT INTO product_changes (product_id, seq, deleted)
      VALUES (NEW.id, (SELECT coalesce(max(seq), 0) + 1 FROM product_changes), 0)
      ON CONFLICT (product_id) DO UPDATE SET seq = excluded.seq, deleted = 0;
  END;`;

/**
 * Versioned schema changes, applied in order; `PRAGMA user_version` records the last one applied.
 * `run` does what SQL cannot (Unicode normalisation), in the same transaction as `sql`.
 */
export const migrations: readonly { version: number; sql: string; run?: (db: SqliteDatabase) => void }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE products (
        id          TEXT PRIMARY KEY,
        name        TEXT NOT NULL,
        name_key    TEXT NOT NULL UNIQUE,
        price       REAL NOT NULL CHECK (price > 0),
        available   INTEGER NOT NULL DEFAULT 1 CHECK (available IN (0, 1)),
        description TEXT NOT NULL DEFAULT '',
        img_url     TEXT NOT NULL DEFAULT '',
        category    TEXT NOT NULL DEFAULT '',
        brand       TEXT NOT NULL DEFAULT '',
        stock       INTEGER CHECK (stock IS NULL OR stock >= 0),
        created_at  INTEGER NOT NULL,
        updated_at  INTEGER NOT NULL
      );
      CREATE INDEX products_available_name ON products (available, name_key);
      CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `,
  },
  {
    version: 2,
    sql: `
      CREATE TABLE orders (
        id                TEXT PRIMARY KEY,
        number            TEXT NOT NULL UNIQUE,
        uid               TEXT NOT NULL,
        email             TEXT NOT NULL,
        lines             TEXT NOT NULL,
        subtotal_cents    INTEGER NOT NULL,
        shipping_cents    INTEGER NOT NULL,
        total_cents       INTEGER NOT NULL,
        shipping_address  TEXT NOT NULL,
        status            TEXT NOT NULL CHECK (status IN ('pending_payment', 'paid', 'shipped', 'cancelled')),
        status_history    TEXT NOT NULL,
        tracking          TEXT,
        payment_provider  TEXT NOT NULL,
        payment_reference TEXT,
        idempotency_key   TEXT NOT NULL,
        created_at        INTEGER NOT NULL,
        updated_at        INTEGER NOT NULL,
        UNIQUE (uid, idempotency_key)
      );
      CREATE INDEX orders_uid_created ON orders (uid, created_at DESC);
      CREATE INDEX orders_status_created ON orders (status, created_at DESC);
      CREATE INDEX orders_created ON orders (created_at DESC);
      CREATE UNIQUE INDEX orders_payment_reference ON orders (payment_provider, payment_reference)
        WHERE payment_reference IS NOT NULL;
      CREATE TABLE messages (
        id         TEXT PRIMARY KEY,
        uid        TEXT,
        name       TEXT NOT NULL,
        email      TEXT NOT NULL,
        message    TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX messages_created ON messages (created_at DESC);
    `,
  },
  {
    version: 3,
    // Every write of a product moves it on (orders' stock changes included); conditional writes compare it.
    sql: `ALTER TABLE products ADD COLUMN version INTEGER NOT NULL DEFAULT 1;`,
  },
  {
    // E-mails to send, written in the same transaction as the change that causes them (outbox.ts).
    version: 4,
    sql: `
      CREATE TABLE outbox (
        id         TEXT PRIMARY KEY,
        mail       TEXT NOT NULL,
        status     TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts   INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        lease      TEXT,
        created_at INTEGER NOT NULL,
        due_at     INTEGER CHECK ((status = 'pending') = (due_at IS NOT NULL))
      );
      CREATE INDEX outbox_due ON outbox (due_at) WHERE due_at IS NOT NULL;
      CREATE INDEX outbox_status_created ON outbox (status, created_at);
    `,
  },
  {
    // The undo journal of imports in progress (import-journal.ts): each step lists the products it
    // created and the columns it overwrote, so a failed or killed import can be taken back.
    version: 5,
    sql: `
      CREATE TABLE imports (
        id         TEXT PRIMARY KEY,
        started_at INTEGER NOT NULL
      );
      CREATE TABLE import_steps (
        import_id TEXT NOT NULL REFERENCES imports (id),
        step      INTEGER NOT NULL,
        created   TEXT NOT NULL,
        replaced  TEXT NOT NULL,
        PRIMARY KEY (import_id, step)
      );
    `,
  },
  {
    // Idempotency keys reused with another body are refused by comparing this; older orders have none.
    version: 6,
    sql: 'ALTER TABLE orders ADD COLUMN request_fingerprint TEXT;',
    run: recomputeNameKeys,
  },
  {
    // Variants: every product written before becomes one product with one variant whose id is the
    // product's (so old carts and order lines still point at it). price and stock stay as columns,
    // derived from the variants on every write, for sorting and the price filter. A SKU is claimed in
    // skus in the same transaction as the product write, so of concurrent claims exactly one wins.
    version: 7,
    sql: `
      ALTER TABLE products ADD COLUMN options TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE products ADD COLUMN variants TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE products ADD COLUMN specs TEXT NOT NULL DEFAULT '{}';
      UPDATE products SET variants = json_array(json_object(
        'id', id, 'sku', '', 'options', json('{}'), 'price', price, 'compareAtPrice', NULL,
        'stock', stock, 'available', json('true')));
      CREATE TABLE skus (
        sku_key    TEXT PRIMARY KEY,
        product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
        variant_id TEXT NOT NULL
      );
      CREATE INDEX skus_product ON skus (product_id);
      CREATE TABLE lots (
        lot_number TEXT PRIMARY KEY,
        product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
        variant_id TEXT NOT NULL,
        tested_at  TEXT NOT NULL,
        purity     REAL NOT NULL,
        coa_url    TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX lots_product ON lots (product_id, tested_at DESC, created_at DESC);
      CREATE INDEX lots_tested ON lots (tested_at DESC, created_at DESC);
    `,
  },
  {
    // A gallery after the main image and tags, both JSON arrays. Variants written before variant
    // images have no imgUrl in their JSON and read as having none (stored-variants.ts).
    version: 8,
    sql: `
      ALTER TABLE products ADD COLUMN images TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE products ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';
    `,
  },
  {
    // The catalogue's change feed (products.changesSince): triggers give every product write (from
    // any connection: the CLI beside the server, imports, orders taking stock) the next sequence
    // number in product_changes, within the write's own transaction; a delete leaves its id there.
    version: 9,
    sql: `
      CREATE TABLE product_changes (
        product_id TEXT PRIMARY KEY,
        seq        INTEGER NOT NULL,
        deleted    INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX product_changes_seq ON product_changes (seq);
      INSERT INTO product_changes (product_id, seq) SELECT id, rowid FROM products;
      CREATE TRIGGER products_inserted AFTER INSERT ON products BEGIN
        INSERT INTO product_changes (product_id, seq, deleted)
          VALUES (NEW.id, (SELECT coalesce(max(seq), 0) + 1 FROM product_changes), 0)
          ON CONFLICT (product_id) DO UPDATE SET seq = excluded.seq, deleted = 0;
      END;
      CREATE TRIGGER products_updated AFTER UPDATE ON products BEGIN
        INSERT INTO product_changes (product_id, seq, deleted)
          VALUES (NEW.id, (SELECT coalesce(max(seq), 0) + 1 FROM product_changes), 0)
          ON CONFLICT (product_id) DO UPDATE SET seq = excluded.seq, deleted = 0;
      END;
      CREATE TRIGGER products_deleted AFTER DELETE ON products BEGIN
        INSERT INTO product_changes (product_id, seq, deleted)
          VALUES (OLD.id, (SELECT coalesce(max(seq), 0) + 1 FROM product_changes), 1)
          ON CONFLICT (product_id) DO UPDATE SET seq = excluded.seq, deleted = 1;
      END;
    `,
  },
  {
    // Staff's order pages: search by the start of the number, e-mail or ship-to name (lower() as
    // orderSearchKey compares), and sorting by total, each served by an index; the sort indexes end
    // with id, the tie-break, so a page is chosen from the index alone.
    version: 10,
    sql: `
      CREATE INDEX orders_number_key ON orders (lower(number));
      CREATE INDEX orders_email_key ON orders (lower(email));
      CREATE INDEX orders_name_key ON orders (lower(json_extract(shipping_address, '$.fullName')));
      CREATE INDEX orders_total ON orders (total_cents, created_at, id);
      CREATE INDEX orders_status_total ON orders (status, total_cents, created_at, id);
      DROP INDEX orders_status_created;
      CREATE INDEX orders_status_created ON orders (status, created_at, id);
      DROP INDEX orders_created;
      CREATE INDEX orders_created ON orders (created_at, id);
    `,
  },
  {
    // The audit log (audit-repository.ts): ids sort by time, so each filter's index ends with id.
    // An import's entries carry its id and step, so taking a step back takes its entries back too.
    version: 11,
    sql: `
      CREATE TABLE audit (
        id          TEXT PRIMARY KEY,
        at          INTEGER NOT NULL,
        actor       TEXT NOT NULL,
        entity      TEXT NOT NULL,
        entity_id   TEXT NOT NULL,
        action      TEXT NOT NULL CHECK (action IN ('created', 'updated', 'deleted')),
        before      TEXT NOT NULL,
        after       TEXT NOT NULL,
        import_id   TEXT,
        import_step INTEGER
      );
      CREATE INDEX audit_entity ON audit (entity, entity_id, id);
      CREATE INDEX audit_actor ON audit (actor, id);
      CREATE INDEX audit_import ON audit (import_id, import_step) WHERE import_id IS NOT NULL;
      CREATE TRIGGER audit_append_only BEFORE UPDATE ON audit BEGIN
        SELECT RAISE(ABORT, 'audit entries cannot be changed');
      END;
    `,
  },
  {
    // An import step writes the change feed of all its products in one statement (ProductChangeFeed):
    // migration 9's trigger a row took half an import's time. While product_changes_deferred holds its
    // row, which the step adds and removes within its own write transaction, so no other connection
    // ever sees it, the insert and update triggers leave the feed to the step; every other write, from
    // any process, still fires them.
    version: 12,
    sql: `
      CREATE TABLE product_changes_deferred (held INTEGER PRIMARY KEY CHECK (held = 1));
      DROP TRIGGER products_inserted;
      DROP TRIGGER products_updated;
      ${deferrableFeedTrigger('products_inserted', 'INSERT')}
      ${deferrableFeedTrigger('products_updated', 'UPDATE')}
    `,
  },
  {
    // What the shopper attested at checkout (stored-compliance.ts); orders placed before keep NULL: not recorded.
    version: 13,
    sql: 'ALTER TABLE orders ADD COLUMN compliance TEXT;',
  },
  {
    // Discount codes (their settings as JSON beside what is counted), who used which, and each order's
    // discount, shipping rate and tax.
    version: 14,
    sql: `
      CREATE TABLE discounts (
        code TEXT PRIMARY KEY,
        settings TEXT NOT NULL,
        active INTEGER NOT NULL DEFAULT 1,
        uses INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE discount_redemptions (
        code TEXT NOT NULL,
        uid TEXT NOT NULL,
        order_id TEXT NOT NULL,
        PRIMARY KEY (code, uid, order_id)
      );
      ALTER TABLE orders ADD COLUMN pricing TEXT;
      ALTER TABLE orders ADD COLUMN tax_cents INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    // The audit log names the person (their uid) beside the e-mail they had, and no entry is ever
    // deleted: only an import's undo may take back the entries of the step it undoes, while it holds
    // that step's row in audit_import_undo inside its own transaction (import-journal.ts).
    version: 15,
    sql: `
      ALTER TABLE audit ADD COLUMN actor_uid TEXT;
      CREATE INDEX audit_actor_uid ON audit (actor_uid, id) WHERE actor_uid IS NOT NULL;
      CREATE TABLE audit_import_undo (
        import_id TEXT NOT NULL,
        step      INTEGER NOT NULL,
        PRIMARY KEY (import_id, step)
      );
      CREATE TRIGGER audit_never_deleted BEFORE DELETE ON audit
        WHEN NOT EXISTS (SELECT 1 FROM audit_import_undo WHERE import_id = OLD.import_id AND step = OLD.import_step)
      BEGIN
        SELECT RAISE(ABORT, 'audit entries cannot be deleted');
      END;
    `,
  },
  {
    // Names are unique by their confusable skeleton too (productNameSkeleton); name_key keeps the order.
    version: 16,
    sql: 'ALTER TABLE products ADD COLUMN name_skeleton TEXT;',
    run: addNameSkeletons,
  },
  {
    // Once-per-customer compares the order's e-mail too (customerEmailKey, filled in by `run` for codes
    // used before); a bank-transfer order keeps the payment deadline it was given (older ones: NULL,
    // their deadline BANK_TRANSFER_DAYS after they were placed).
    version: 17,
    sql: `
      ALTER TABLE discount_redemptions ADD COLUMN email_key TEXT;
      CREATE INDEX discount_redemptions_email ON discount_redemptions (code, email_key);
      ALTER TABLE orders ADD COLUMN payment_due_at INTEGER;
    `,
    run: fillRedemptionEmailKeys,
  },
];

function fillRedemptionEmailKeys(db: SqliteDatabase): void {
  const used = db
    .prepare<[], { order_id: string; email: string }>(
      'SELECT r.order_id, o.email FROM discount_redemptions r JOIN orders o ON o.id = r.order_id',
    )
    .all();
  const update = db.prepare<[string, string]>(
    'UPDATE discount_redemptions SET email_key = ? WHERE order_id = ?',
  );
  for (const { order_id, email } of used) update.run(customerEmailKey(email), order_id);
}

/**
 * Names now compare after NFKC with invisible characters removed, and are stored without invisible
 * characters at their ends. Two products whose names only differed by those now share a key: the
 * older keeps it, the newer gets it suffixed with its id so both stay, and the operator is told.
 */
function recomputeNameKeys(db: SqliteDatabase): void {
  const rows = db
    .prepare<[], { id: string; name: string }>('SELECT id, name FROM products ORDER BY created_at, id')
    .all();
  // Clear every key first, so no new key meets an old one still waiting its turn.
  db.prepare('UPDATE products SET name_key = char(0) || id').run();
  const update = db.prepare<[string, string, string]>(
    'UPDATE products SET name = ?, name_key = ? WHERE id = ?',
  );
  const owner = new Map<string, string>();
  for (const { id, name } of rows) {
    const key = productNameKey(name);
    const first = owner.get(key);
    if (first === undefined) owner.set(key, name);
    else
      console.warn(
        `[store] The products "${first}" and "${name}" (${id}) now count as the same name; rename one of them.`,
      );
    update.run(trimProductName(name) || name, first === undefined ? key : `${key}\u0000${id}`, id);
  }
}

/**
 * Gives every product its name skeleton, oldest first. Two products whose names now count as the
 * same (`BPC‐157` beside `BPC-157`) both stay: the older keeps the skeleton, the newer gets it suffixed
 * with its id, and the operator is told to rename one.
 */
function addNameSkeletons(db: SqliteDatabase): void {
  const rows = db
    .prepare<[], { id: string; name: string }>('SELECT id, name FROM products ORDER BY created_at, id')
    .all();
  const update = db.prepare<[string, string]>('UPDATE products SET name_skeleton = ? WHERE id = ?');
  const owner = new Map<string, string>();
  for (const { id, name } of rows) {
    const skeleton = productNameSkeleton(name);
    const first = owner.get(skeleton);
    if (first === undefined) owner.set(skeleton, name);
    else
      console.warn(
        `[store] The products "${first}" and "${name}" (${id}) now count as the same name; rename one of them.`,
      );
    update.run(first === undefined ? skeleton : `${skeleton}\u0000${id}`, id);
  }
  db.exec('CREATE UNIQUE INDEX products_name_skeleton ON products (name_skeleton)');
}
