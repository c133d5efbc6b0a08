import { setTimeout as sleep } from 'node:timers/promises';
import { totalStock } from '../../../domain/variant.js';
import { newId } from '../../ids.js';
import { restoredVariants } from '../import-undo.js';
import { ImportLock } from './import-lock.js';
import { SkuTable } from './sku-table.js';
import type { SqliteDatabase } from './sqlite-database.js';

/** Columns of one product as they were before an import step overwrote them (SQL column names). */
export interface ReplacedColumns {
  id: string;
  before: Record<string, string | number | null>;
  /** With `before.variants`: the variants whose stock the step left alone, which the undo keeps as it is then. */
  keepStockOf?: string[];
}

/**
 * How long one step of an import (or of its undo) may hold the write lock: requests of the running
 * shop wait at most this long for it, plus the pause between steps that lets them in.
 */
export const STEP_BUDGET_MS = 10;
const STEP_PAUSE_MS = 2;
/** The import's own steps wait this long for the shop's writers; it blocks nobody while it waits. */
export const IMPORT_PATIENCE_MS = 10_000;

export const pauseBetweenSteps = () => sleep(STEP_PAUSE_MS);
const pauseBetweenStepsSync = () =>
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, STEP_PAUSE_MS);

const SAFE_COLUMN = /^[a-z_]+$/;

/**
 * The durable undo journal of one import that commits in many short steps: whatever happens to the
 * import, its steps can be taken back: by the import itself when it fails, and when its process was
 * killed, by the running shop (finishAbandonedImportsNow) or the next opening of the store.
 */
export class ImportJournal {
  private steps = 0;
  private readonly recordStep;

  private constructor(
    private readonly db: SqliteDatabase,
    readonly id: string,
    private readonly lock: ImportLock,
  ) {
    this.recordStep = db.prepare<[string, number, string, string]>(
      'INSERT INTO import_steps (import_id, step, created, replaced) VALUES (?, ?, ?, ?)',
    );
  }

  /** Takes the import's lock; `open()` then writes its entry (retry that on a busy store). */
  static start(db: SqliteDatabase): ImportJournal {
    const id = newId();
    return new ImportJournal(db, id, ImportLock.take(db, id));
  }

  open(now: number): void {
    this.db.prepare('INSERT INTO imports (id, started_at) VALUES (?, ?)').run(this.id, now);
  }

  /** The step the next record() records, which its audit entries name (audit-repository.ts). */
  nextStep(): { importId: string; step: number } {
    return { importId: this.id, step: this.steps };
  }

  /** Records one step, inside the transaction that makes it. */
  record(created: string[], replaced: ReplacedColumns[]): void {
    this.recordStep.run(this.id, this.steps, JSON.stringify(created), JSON.stringify(replaced));
    this.steps++;
  }

  /** Makes the import permanent: its journal goes, in one transaction. */
  commit(): void {
    this.db.transaction(() => forget(this.db, this.id))();
  }

  /** Takes back the latest step not yet undone, in one transaction; false once nothing is left. */
  undoStep(): boolean {
    return undoStep(this.db, this.id);
  }

  release(): void {
    this.lock.release();
  }
}

/**
 * Undoes the imports whose process ended without finishing them (e.g. `kill -9`), one transaction
 * per iteration, so that the caller can pause between steps as suits it; imports alive elsewhere
 * are left alone.
 */
function* abandonedImportUndo(db: SqliteDatabase): Generator<void> {
  const ids = db.prepare<[], { id: string }>('SELECT id FROM imports ORDER BY started_at').all();
  for (const { id } of ids) {
    const lock = ImportLock.takeOver(db, id);
    if (!lock) continue;
    try {
      while (undoStep(db, id)) yield;
    } finally {
      lock.release();
    }
  }
}

/** At the opening of the store, before anything is served: blocking is fine. */
export function finishAbandonedImports(db: SqliteDatabase): void {
  for (const _ of abandonedImportUndo(db)) pauseBetweenStepsSync();
}

/**
 * For a shop that keeps running after an import beside it was killed: the same undo, with the event
 * loop free between steps. A step that finds the store busy ends this round; the next one resumes.
 */
export async function finishAbandonedImportsNow(db: SqliteDatabase, onStep: () => void): Promise<void> {
  for (const _ of abandonedImportUndo(db)) {
    onStep();
    await pauseBetweenSteps();
  }
}

function undoStep(db: SqliteDatabase, importId: string): boolean {
  return db
    .transaction(() => {
      const last = db
        .prepare<[string], { step: number; created: string; replaced: string }>(
          'SELECT step, created, replaced FROM import_steps WHERE import_id = ? ORDER BY step DESC LIMIT 1',
        )
        .get(importId);
      if (!last) {
        forget(db, importId);
        return false;
      }
      db.prepare('DELETE FROM products WHERE id IN (SELECT value FROM json_each(?))').run(last.created);
      const readVariants = db.prepare<[string], { options: string; variants: string }>(
        'SELECT options, variants FROM products WHERE id = ?',
      );
      for (const { id, before, keepStockOf } of JSON.parse(last.replaced) as ReplacedColumns[]) {
        const columns = Object.keys(before);
        if (!columns.every((c) => SAFE_COLUMN.test(c))) throw new Error(`Bad import journal entry for ${id}`);
        const current = readVariants.get(id);
        if (!current) continue;
        if (typeof before.variants === 'string' && keepStockOf) {
          const variants = restoredVariants(
            JSON.parse(before.variants),
            keepStockOf,
            JSON.parse(current.variants),
          );
          before.variants = JSON.stringify(variants);
          before.stock = totalStock(variants);
          if (!columns.includes('stock')) columns.push('stock');
        }
        // The undo is a write like any other: the version moves on, so an edit opened before it is stale.
        const sets = [...columns.map((c) => `${c} = @${c}`), 'version = version + 1'].join(', ');
        db.prepare(`UPDATE products SET ${sets} WHERE id = @id`).run({ ...before, id });
        if ('variants' in before) {
          const restored = readVariants.get(id)!;
          new SkuTable(db).claim(id, {
            options: JSON.parse(restored.options),
            variants: JSON.parse(restored.variants),
          });
        } else if ('price' in before || 'stock' in before)
          // journalled before variants existed: the only variant takes back the product's price and stock
          db.prepare(
            `UPDATE products SET variants = json_set(variants, '$[0].price', price, '$[0].stock', stock)
             WHERE id = ? AND json_array_length(variants) = 1`,
          ).run(id);
      }
      // A step taken back never happened: its audit entries go with it (the only deletion the audit
      // table's trigger lets through, and only while this transaction holds the step's row).
      db.prepare('INSERT INTO audit_import_undo (import_id, step) VALUES (?, ?)').run(importId, last.step);
      db.prepare('DELETE FROM audit WHERE import_id = ? AND import_step = ?').run(importId, last.step);
      db.prepare('DELETE FROM audit_import_undo WHERE import_id = ? AND step = ?').run(importId, last.step);
      db.prepare('DELETE FROM import_steps WHERE import_id = ? AND step = ?').run(importId, last.step);
      return true;
    })
    .immediate();
}

function forget(db: SqliteDatabase, importId: string): void {
  db.prepare('DELETE FROM import_steps WHERE import_id = ?').run(importId);
  db.prepare('DELETE FROM imports WHERE id = ?').run(importId);
}
