/** Versioned schema changes, applied in order; `PRAGMA user_version` records the last one applied. */
export const migrations: readonly { version: number; sql: string }[] = [
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
    // Issue 12: e-mails written in the same transaction as the change that causes them.
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
];
