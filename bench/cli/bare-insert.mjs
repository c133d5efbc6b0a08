// The baseline: the same rows inserted with bare better-sqlite3 into the same table (columns and
// indexes as the shop's schema, sizes included), in one transaction.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { newId } from '../../dist/node/shared/backend/ids.js';
import { benchRow } from './big-csv.mjs';

export function bareInsertSeconds(dir, rows) {
  const db = new Database(join(dir, 'bare.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE products (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE, price REAL NOT NULL,
    available INTEGER NOT NULL, description TEXT NOT NULL, img_url TEXT NOT NULL, category TEXT NOT NULL,
    brand TEXT NOT NULL, stock INTEGER, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
    version INTEGER NOT NULL DEFAULT 1, options TEXT NOT NULL, variants TEXT NOT NULL, specs TEXT NOT NULL,
    images TEXT NOT NULL, tags TEXT NOT NULL);
    CREATE INDEX products_available_name ON products (available, name_key)`);
  // Ids of the shape the store hands out, made before the clock starts: the baseline is the insert alone.
  // Each product's one variant as the shop stores it (JSON, the variant keeping the product's id).
  const data = Array.from({ length: rows }, (_, i) => {
    const id = newId();
    const row = benchRow(i);
    const variant = {
      id,
      sku: '',
      options: {},
      price: row.price,
      compareAtPrice: null,
      stock: row.stock,
      available: true,
      imgUrl: '',
    };
    return { id, ...row, variants: JSON.stringify([variant]) };
  });
  const insert = db.prepare(
    'INSERT INTO products VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)',
  );
  const now = Date.now();
  const started = performance.now();
  db.transaction(() => {
    data.forEach((r) => {
      insert.run(
        r.id,
        r.name,
        r.name.toLowerCase(),
        r.price,
        r.available ? 1 : 0,
        r.description,
        '',
        r.category,
        r.brand,
        r.stock,
        now,
        now,
        '[]',
        r.variants,
        '{}',
        '[]',
        '[]',
      );
    });
  })();
  const seconds = (performance.now() - started) / 1000;
  db.close();
  return seconds;
}
