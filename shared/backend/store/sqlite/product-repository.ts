import { DuplicateNameError, NotFoundError, StaleError } from '../../../domain/errors.js';
import type { NewProduct, Product, ProductPatch } from '../../../domain/product.js';
import { productNameKey, trimProductName } from '../../../domain/product.js';
import { newId, newIdFamily } from '../../ids.js';
import type { ProductRepository, ProductWrite, WriteCondition } from '../port.js';
import { whenFree } from './busy-wait.js';
import type { ChangeTracker } from './change-tracker.js';
import {
  IMPORT_PATIENCE_MS,
  ImportJournal,
  pauseBetweenSteps,
  type ReplacedColumns,
  STEP_BUDGET_MS,
} from './import-journal.js';
import { type ProductRow, toProduct } from './product-row.js';
import type { SqliteDatabase } from './sqlite-database.js';

const COLUMN_OF: Record<Exclude<keyof ProductPatch, 'name'>, string> = {
  price: 'price',
  available: 'available',
  description: 'description',
  imgUrl: 'img_url',
  category: 'category',
  brand: 'brand',
  stock: 'stock',
};

type ProductRowValues = [
  ProductRow['id'],
  ProductRow['name'],
  ProductRow['name_key'],
  ProductRow['price'],
  ProductRow['available'],
  ProductRow['description'],
  ProductRow['img_url'],
  ProductRow['category'],
  ProductRow['brand'],
  ProductRow['stock'],
  ProductRow['created_at'],
  ProductRow['updated_at'],
];

/** Well under SQLite's limit on bound parameters. */
const NAMES_PER_QUERY = 500;

function isUniqueNameViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' && /name_key/.test(e.message ?? '');
}

export class SqliteProductRepository implements ProductRepository {
  private readonly byId;
  private readonly byNameKey;
  private readonly available;
  private readonly all;
  private readonly insert;
  private readonly remove;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly now: () => number,
    private readonly changes: ChangeTracker,
  ) {
    this.byId = db.prepare<[string], ProductRow>('SELECT * FROM products WHERE id = ?');
    this.byNameKey = db.prepare<[string], ProductRow>('SELECT * FROM products WHERE name_key = ?');
    this.available = db.prepare<[], ProductRow>(
      'SELECT * FROM products WHERE available = 1 ORDER BY name_key',
    );
    this.all = db.prepare<[], ProductRow>('SELECT * FROM products ORDER BY name_key');
    // Positional, not named, parameters: binding is measurably faster on bulk imports.
    this.insert = db.prepare<ProductRowValues>(
      `INSERT INTO products (id, name, name_key, price, available, description, img_url, category, brand, stock, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.remove = db.prepare<[string]>('DELETE FROM products WHERE id = ?');
  }

  async listAvailable(): Promise<Product[]> {
    return whenFree(() => this.available.all().map(toProduct));
  }

  async listAll(): Promise<Product[]> {
    return whenFree(() => this.all.all().map(toProduct));
  }

  async get(id: string): Promise<Product | null> {
    const row = await whenFree(() => this.byId.get(id));
    return row ? toProduct(row) : null;
  }

  async findByName(name: string): Promise<Product | null> {
    const row = await whenFree(() => this.byNameKey.get(productNameKey(name)));
    return row ? toProduct(row) : null;
  }

  async findByNames(names: readonly string[]): Promise<Map<string, Product>> {
    const found = new Map<string, Product>();
    const keys = [...new Set(names.map(productNameKey))];
    for (let i = 0; i < keys.length; i += NAMES_PER_QUERY) {
      const chunk = keys.slice(i, i + NAMES_PER_QUERY);
      const rows = await whenFree(() =>
        this.db
          .prepare<string[], ProductRow>(
            `SELECT * FROM products WHERE name_key IN (${chunk.map(() => '?').join(',')})`,
          )
          .all(...chunk),
      );
      for (const row of rows) found.set(row.name_key, toProduct(row));
    }
    return found;
  }

  /**
   * Commits in steps of a few milliseconds with pauses between, so that the running shop's writes
   * get in while a large file is imported; the import's journal takes every step back when anything
   * fails, here, or (when this process is killed) in the running shop or at the next opening of the store.
   */
  async bulkWrite(
    batches: Iterable<ProductWrite[]> | AsyncIterable<ProductWrite[]>,
  ): Promise<{ created: number; updated: number }> {
    const counts = { created: 0, updated: 0 };
    const journal = ImportJournal.start(this.db);
    try {
      await whenFree(() => journal.open(this.now()), IMPORT_PATIENCE_MS);
      try {
        for await (const batch of batches) {
          for (let next = 0; next < batch.length; ) {
            // reading the next batch leaves the lock free for as long; within a batch, this does
            if (next > 0) await pauseBetweenSteps();
            const step = await whenFree(() => this.writeStep(journal, batch, next), IMPORT_PATIENCE_MS);
            counts.created += step.created;
            counts.updated += step.updated;
            next = step.next;
          }
        }
        await whenFree(() => journal.commit(), IMPORT_PATIENCE_MS);
      } catch (error) {
        await this.undo(journal, error);
        throw error;
      }
    } finally {
      journal.release();
    }
    return counts;
  }

  /** One transaction of about STEP_BUDGET_MS: writes from batch[from] on, journalled; tells where it stopped. */
  private writeStep(journal: ImportJournal, batch: ProductWrite[], from: number) {
    return this.db
      .transaction(() => {
        const started = performance.now();
        const newStepId = newIdFamily();
        const created: string[] = [];
        const replaced: ReplacedColumns[] = [];
        let next = from;
        do {
          const write = batch[next++]!;
          if (write.op === 'create') {
            created.push(this.insertRow(write.product, write.available ?? true, newStepId()).id);
          } else {
            replaced.push(this.columnsBefore(write.id, write.patch));
            this.updateSync(write.id, write.patch);
          }
        } while (next < batch.length && performance.now() - started < STEP_BUDGET_MS);
        journal.record(created, replaced);
        return { next, created: created.length, updated: replaced.length };
      })
      .immediate();
  }

  /** The columns a patch is about to overwrite, as they are now. */
  private columnsBefore(id: string, patch: ProductPatch): ReplacedColumns {
    const row = this.byId.get(id);
    if (!row) throw new NotFoundError('Product');
    const before: ReplacedColumns['before'] = { updated_at: row.updated_at };
    for (const [key, value] of Object.entries(patch) as [keyof ProductPatch, unknown][]) {
      if (value === undefined) continue;
      const columns = key === 'name' ? (['name', 'name_key'] as const) : [COLUMN_OF[key] as keyof ProductRow];
      for (const column of columns) before[column] = row[column];
    }
    return { id, before };
  }

  private async undo(journal: ImportJournal, cause: unknown): Promise<void> {
    try {
      while (await whenFree(() => journal.undoStep(), IMPORT_PATIENCE_MS)) {
        this.changes.noteWrite();
        await pauseBetweenSteps();
      }
    } catch (error) {
      throw new Error(
        `The import failed (${(cause as Error)?.message ?? cause}) and undoing it was interrupted ` +
          `(${(error as Error)?.message ?? error}); the next opening of the store finishes the undo.`,
        { cause },
      );
    }
  }

  async add(input: NewProduct): Promise<Product> {
    return toProduct(await whenFree(() => this.insertRow(input, true)));
  }

  private insertRow(input: NewProduct, available: boolean, id = newId()): ProductRow {
    const at = this.now();
    const row: ProductRow = {
      id,
      name: trimProductName(input.name),
      name_key: productNameKey(input.name),
      price: input.price,
      available: available ? 1 : 0,
      description: input.description,
      img_url: input.imgUrl,
      category: input.category,
      brand: input.brand,
      stock: input.stock,
      created_at: at,
      updated_at: at,
      version: 1,
    };
    try {
      this.insert.run(
        row.id,
        row.name,
        row.name_key,
        row.price,
        row.available,
        row.description,
        row.img_url,
        row.category,
        row.brand,
        row.stock,
        row.created_at,
        row.updated_at,
      );
    } catch (error) {
      if (isUniqueNameViolation(error)) throw new DuplicateNameError(row.name);
      throw error;
    }
    this.changes.noteWrite();
    return row;
  }

  async update(id: string, patch: ProductPatch, condition: WriteCondition = {}): Promise<Product> {
    return whenFree(() =>
      this.db
        .transaction(() => {
          this.updateSync(id, patch, condition.expectedVersion);
          return toProduct(this.byId.get(id)!);
        })
        .immediate(),
    );
  }

  private updateSync(id: string, patch: ProductPatch, expectedVersion?: number): void {
    const sets: string[] = [];
    const values: Record<string, unknown> = { id, updated_at: this.now() };
    for (const [key, value] of Object.entries(patch) as [keyof ProductPatch, unknown][]) {
      if (value === undefined) continue;
      if (key === 'name') {
        sets.push('name = @name', 'name_key = @name_key');
        values.name = trimProductName(String(value));
        values.name_key = productNameKey(String(value));
      } else {
        sets.push(`${COLUMN_OF[key]} = @${key}`);
        values[key] = key === 'available' ? (value ? 1 : 0) : value;
      }
    }
    sets.push('updated_at = @updated_at', 'version = version + 1');
    let where = 'id = @id';
    if (expectedVersion !== undefined) {
      where += ' AND version = @expected_version';
      values.expected_version = expectedVersion;
    }
    let changed: number;
    try {
      changed = this.db.prepare(`UPDATE products SET ${sets.join(', ')} WHERE ${where}`).run(values).changes;
    } catch (error) {
      if (isUniqueNameViolation(error)) throw new DuplicateNameError(String(values.name));
      throw error;
    }
    if (changed === 0) {
      const current = this.byId.get(id);
      if (!current) throw new NotFoundError('Product');
      throw new StaleError('product', toProduct(current));
    }
    this.changes.noteWrite();
  }

  async setAvailability(id: string, available: boolean, condition?: WriteCondition): Promise<Product> {
    return this.update(id, { available }, condition);
  }

  async delete(id: string): Promise<boolean> {
    const removed = (await whenFree(() => this.remove.run(id))).changes > 0;
    if (removed) this.changes.noteWrite();
    return removed;
  }

  async changeToken(): Promise<string> {
    return whenFree(() => this.changes.token());
  }
}
