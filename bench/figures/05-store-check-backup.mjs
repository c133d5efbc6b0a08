// What the store's safety costs on a 100,000-product database: opening it (SQLite's quick_check runs
// on every open, by npm start and by each shop command) against reading the file's bytes once, and
// `shop backup`'s online backup against copying the file.
import {
  closeSync,
  copyFileSync,
  fsyncSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId } from '../../dist/node/shared/backend/ids.js';
import { backupDatabase } from '../../dist/node/shared/backend/store/sqlite/backup.js';
import { openSqliteStore } from '../../dist/node/shared/backend/store/sqlite/sqlite-store.js';
import { benchRow } from '../cli/big-csv.mjs';
import { fmt, median } from '../lib.mjs';

const ROWS = 100_000;
const OPEN_TARGET = 5;
const BACKUP_TARGET = 0.05;

function fillStore(file) {
  const store = openSqliteStore({ file });
  const insert = store.db.prepare(
    `INSERT INTO products (id, name, name_key, price, available, description, img_url, category, brand, stock, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?, ?)`,
  );
  const now = Date.now();
  store.db.transaction(() => {
    for (let i = 0; i < ROWS; i++) {
      const r = benchRow(i);
      insert.run(
        newId(),
        r.name,
        r.name.toLowerCase(),
        r.price,
        r.available ? 1 : 0,
        r.description,
        r.category,
        r.brand,
        r.stock,
        now,
        now,
      );
    }
  })();
  store.db.pragma('wal_checkpoint(TRUNCATE)');
  store.db.close();
}

/** A plain copy made safe the least a backup must be: flushed to the disk. */
function safeCopy(from, to) {
  copyFileSync(from, to);
  const fd = openSync(to, 'r');
  fsyncSync(fd);
  closeSync(fd);
}

const timed = (run) => {
  const started = performance.now();
  run();
  return performance.now() - started;
};

export async function measure() {
  const dir = mkdtempSync(join(tmpdir(), 'shop-bench-check-'));
  try {
    const file = join(dir, 'shop.sqlite');
    fillStore(file);
    const bytes = statSync(file).size;
    const opens = [];
    const reads = [];
    const backups = [];
    const copies = [];
    for (let round = 0; round < 5; round++) {
      reads.push(timed(() => readFileSync(file)));
      opens.push(timed(() => openSqliteStore({ file }).db.close()));
      copies.push(timed(() => safeCopy(file, join(dir, `copy-${round}.sqlite`))));
      const store = openSqliteStore({ file });
      const started = performance.now();
      await backupDatabase(store.db, join(dir, `backup-${round}.sqlite`));
      backups.push(performance.now() - started);
      store.db.close();
    }
    const [open, read, backup, copy] = [opens, reads, backups, copies].map(median);
    const mbPerS = (ms) => bytes / 1e6 / (ms / 1000);
    return [
      {
        figure: `open the store with quick_check, ${fmt(ROWS)} products, ${fmt(bytes / 1e6, 1)} MB (ms)`,
        ours: fmt(open, 1),
        baseline: `${fmt(read, 1)} (reading the file)`,
        ratio: (open / read).toFixed(2),
        target: `<= ${OPEN_TARGET}`,
        ok: open / read <= OPEN_TARGET,
      },
      {
        figure: `shop backup of it, checked copy (MB/s)`,
        ours: fmt(mbPerS(backup)),
        baseline: `${fmt(mbPerS(copy))} (copying the file, fsync)`,
        ratio: (copy / backup).toFixed(2),
        target: `>= ${BACKUP_TARGET}`,
        ok: copy / backup >= BACKUP_TARGET,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
