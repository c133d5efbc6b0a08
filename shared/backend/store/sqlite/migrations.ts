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
];
