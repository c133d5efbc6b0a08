import { DuplicateNameError, NotFoundError, StaleError } from '../../../domain/errors.js';
import type { NewProduct, Product, ProductPatch } from '../../../domain/product.js';
import { newProductState, patchedProductState } from '../../../domain/product-state.js';
import { skuKey, type Variant } from '../../../domain/variant.js';
import { currentActor } from '../../audit/actor.js';
import { staffChange } from '../../audit/staff-change.js';
import { newId, newIdFamily } from '../../ids.js';
import { productNameSkeleton } from '../../product-name-skeleton.js';
import { untouchedStock } from '../import-undo.js';
import type { ProductChanges, ProductRepository, ProductWrite, WriteCondition } from '../port.js';
import { variantIdsFor } from '../variant-ids.js';
import { type ImportStepRef, writeAudit } from './audit-repository.js';
import { whenFree } from './busy-wait.js';
import type { ChangeTracker } from './change-tracker.js';
import {
  IMPORT_PATIENCE_MS,
  ImportJournal,
  pauseBetweenSteps,
  type ReplacedColumns,
  STEP_BUDGET_MS,
} from './import-journal.js';
import { ProductChangeFeed } from './product-change-feed.js';
import {
  createdSnapshotJson,
  type ProductRow,
  productRow,
  toProduct,
  toProductState,
} from './product-row.js';
import { SkuTable } from './sku-table.js';
import type { SqliteDatabase } from './sqlite-database.js';

type ProductRowValues = [
  ProductRow['id'],
  ProductRow['name'],
  ProductRow['name_key'],
  ProductRow['name_skeleton'],
  ProductRow['price'],
  ProductRow['available'],
  ProductRow['description'],
  ProductRow['img_url'],
  ProductRow['images'],
  ProductRow['tags'],
  ProductRow['category'],
  ProductRow['brand'],
  ProductRow['stock'],
  ProductRow['options'],
  ProductRow['variants'],
  ProductRow['specs'],
  ProductRow['created_at'],
  ProductRow['updated_at'],
];

/** What an import's update may overwrite; those it changed go in its journal, so it can be taken back. */
const REPLACED_COLUMNS = [
  'name',
  'name_key',
  'name_skeleton',
  'price',
  'available',
  'description',
  'img_url',
  'images',
  'tags',
  'category',
  'brand',
  'stock',
  'options',
  'variants',
  'specs',
  'updated_at',
] as const satisfies readonly (keyof ProductRow)[];

/** Names looked up by one query: an import asks for a batch's names at a time. */
const NAMES_PER_QUERY = 500;

function isUniqueNameViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' && /name_(key|skeleton)/.test(e.message ?? '');
}

/** The columns an import's update changed, as they were, with the variants whose stock it left alone. */
function replacedColumns(before: ProductRow, after: ProductRow): ReplacedColumns {
  const columns: ReplacedColumns['before'] = { updated_at: before.updated_at };
  for (const column of REPLACED_COLUMNS)
    if (before[column] !== after[column]) columns[column] = before[column];
  if (columns.variants === undefined) return { id: before.id, before: columns };
  const keepStockOf = untouchedStock(JSON.parse(before.variants), JSON.parse(after.variants));
  return { id: before.id, before: columns, keepStockOf };
}

export class SqliteProductRepository implements ProductRepository {
  private readonly byId;
  private readonly byNameKey;
  private readonly byNameKeys;
  private readonly available;
  private readonly all;
  private readonly insert;
  private readonly remove;
  private readonly bySkuKey;
  private readonly write;
  private readonly skus;
  private readonly changeHead;
  private readonly changedSince;
  private readonly feed;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly now: () => number,
    private readonly changes: ChangeTracker,
  ) {
    this.byId = db.prepare<[string], ProductRow>('SELECT * FROM products WHERE id = ?');
    this.byNameKey = db.prepare<[string], ProductRow>('SELECT * FROM products WHERE name_skeleton = ?');
    // One statement for any number of names (a JSON array): an import asks for thousands of batches.
    this.byNameKeys = db.prepare<[string], ProductRow>(
      'SELECT * FROM products WHERE name_skeleton IN (SELECT value FROM json_each(?))',
    );
    this.available = db.prepare<[], ProductRow>(
      'SELECT * FROM products WHERE available = 1 ORDER BY name_key',
    );
    this.all = db.prepare<[], ProductRow>('SELECT * FROM products ORDER BY name_key');
    // Positional, not named, parameters: binding is measurably faster on bulk imports.
    this.insert = db.prepare<ProductRowValues>(
      `INSERT INTO products (id, name, name_key, name_skeleton, price, available, description, img_url, images,
         tags, category, brand, stock, options, variants, specs, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.bySkuKey = db.prepare<[string], ProductRow & { variant_id: string }>(
      'SELECT p.*, s.variant_id FROM skus s JOIN products p ON p.id = s.product_id WHERE s.sku_key = ?',
    );
    this.remove = db.prepare<[string]>('DELETE FROM products WHERE id = ?');
    this.skus = new SkuTable(db);
    this.feed = new ProductChangeFeed(db);
    this.changeHead = db.prepare<[], { seq: number }>(
      'SELECT coalesce(max(seq), 0) AS seq FROM product_changes',
    );
    this.changedSince = db.prepare<
      [number, number],
      Partial<ProductRow> & { change_id: string; change_deleted: number }
    >(
      `SELECT c.product_id AS change_id, c.deleted AS change_deleted, p.*
       FROM product_changes c LEFT JOIN products p ON p.id = c.product_id
       WHERE c.seq > ? ORDER BY c.seq LIMIT ?`,
    );
    this.write = db.prepare<ProductRow>(
      `UPDATE products SET name = @name, name_key = @name_key, name_skeleton = @name_skeleton, price = @price, available = @available,
         description = @description, img_url = @img_url, images = @images, tags = @tags, category = @category,
         brand = @brand, stock = @stock,
         options = @options, variants = @variants, specs = @specs, updated_at = @updated_at, version = @version
       WHERE id = @id`,
    );
  }

  async listAvailable(): Promise<Product[]> {
    return whenFree(() => this.available.all().map(toProduct));
  }

  async listAll(): Promise<Product[]> {
    return whenFree(() => this.all.all().map(toProduct));
  }

  async *listAllInPages(pageSize: number): AsyncIterable<Product[]> {
    const page = this.db.prepare<[string, number], ProductRow>(
      'SELECT * FROM products WHERE name_key > ? ORDER BY name_key LIMIT ?',
    );
    // Keyset paging on the unique name_key: each page starts where the last one ended, in O(page).
    for (let after = ''; ; ) {
      const rows = await whenFree(() => page.all(after, pageSize));
      if (rows.length > 0) yield rows.map(toProduct);
      if (rows.length < pageSize) return;
      after = rows.at(-1)!.name_key;
    }
  }

  /** The cursor is the sequence number of the last change seen (migration 9's product_changes). */
  async changesSince(cursor: string | null, limit: number): Promise<ProductChanges> {
    return whenFree(() => {
      const head = this.changeHead.get()!.seq;
      const after = cursor !== null && /^\d{1,15}$/.test(cursor) ? Number(cursor) : null;
      // A cursor ahead of the store is another database's (a backup put back): start again.
      if (after === null || after > head) return { reset: true, cursor: String(head) };
      const rows = this.changedSince.all(after, limit + 1);
      if (rows.length > limit) return { reset: true, cursor: String(head) };
      const products: Product[] = [];
      const removed: string[] = [];
      for (const row of rows)
        if (row.change_deleted || row.id == null) removed.push(row.change_id);
        else products.push(toProduct(row as ProductRow));
      return { reset: false, cursor: String(head), products, removed };
    });
  }

  async get(id: string): Promise<Product | null> {
    const row = await whenFree(() => this.byId.get(id));
    return row ? toProduct(row) : null;
  }

  async findByName(name: string): Promise<Product | null> {
    const row = await whenFree(() => this.byNameKey.get(productNameSkeleton(name)));
    return row ? toProduct(row) : null;
  }

  async findByNames(names: readonly string[]): Promise<Map<string, Product>> {
    const found = new Map<string, Product>();
    const keys = [...new Set(names.map(productNameSkeleton))];
    for (let i = 0; i < keys.length; i += NAMES_PER_QUERY) {
      const chunk = JSON.stringify(keys.slice(i, i + NAMES_PER_QUERY));
      const rows = await whenFree(() => this.byNameKeys.all(chunk));
      for (const row of rows) found.set(row.name_skeleton, toProduct(row));
    }
    return found;
  }

  async findBySku(sku: string): Promise<{ product: Product; variant: Variant } | null> {
    if (sku.trim() === '') return null;
    const row = await whenFree(() => this.bySkuKey.get(skuKey(sku)));
    if (!row) return null;
    const { variant_id, ...productRow } = row;
    const product = toProduct(productRow);
    const variant = product.variants.find((v) => v.id === variant_id);
    return variant ? { product, variant } : null;
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
        const step = journal.nextStep();
        // the step's products go into the change feed in one statement at its end, not a trigger each
        this.feed.defer();
        let next = from;
        do {
          const write = batch[next++]!;
          if (write.op === 'create') {
            created.push(this.insertRow(write.product, write.available ?? true, newStepId(), step).id);
          } else {
            const before = this.byId.get(write.id);
            if (!before) throw new NotFoundError('Product');
            replaced.push(replacedColumns(before, this.updateSync(write.id, write.patch, undefined, step)));
          }
        } while (next < batch.length && performance.now() - started < STEP_BUDGET_MS);
        this.feed.write(replaced.length === 0 ? created : [...created, ...replaced.map((r) => r.id)]);
        journal.record(created, replaced);
        return { next, created: created.length, updated: replaced.length };
      })
      .immediate();
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
    return toProduct(
      await whenFree(() => this.db.transaction(() => this.insertRow(input, true)).immediate()),
    );
  }

  private insertRow(
    input: NewProduct,
    available: boolean,
    id = newId(),
    importStep: ImportStepRef | null = null,
  ): ProductRow {
    const at = this.now();
    const state = newProductState(input, variantIdsFor(id));
    state.available = available;
    const row = productRow(id, state, at, at, 1);
    try {
      this.insert.run(
        row.id,
        row.name,
        row.name_key,
        row.name_skeleton,
        row.price,
        row.available,
        row.description,
        row.img_url,
        row.images,
        row.tags,
        row.category,
        row.brand,
        row.stock,
        row.options,
        row.variants,
        row.specs,
        row.created_at,
        row.updated_at,
      );
    } catch (error) {
      if (isUniqueNameViolation(error)) throw new DuplicateNameError(row.name);
      throw error;
    }
    this.skus.claim(id, state, true);
    const actor = currentActor();
    if (actor !== null) {
      const entry = { ...actor, entity: 'product', entityId: id, action: 'created', before: '{}' } as const;
      writeAudit(this.db, [{ ...entry, after: createdSnapshotJson(row) }], at, importStep);
    }
    this.changes.noteWrite();
    return row;
  }

  async update(id: string, patch: ProductPatch, condition: WriteCondition = {}): Promise<Product> {
    return whenFree(() =>
      this.db.transaction(() => toProduct(this.updateSync(id, patch, condition.expectedVersion))).immediate(),
    );
  }

  /** Judges the patch against the product as it is, inside the caller's transaction, and writes the result. */
  private updateSync(
    id: string,
    patch: ProductPatch,
    expectedVersion?: number,
    importStep: ImportStepRef | null = null,
  ): ProductRow {
    const current = this.byId.get(id);
    if (!current) throw new NotFoundError('Product');
    if (expectedVersion !== undefined && current.version !== expectedVersion)
      throw new StaleError('product', toProduct(current));
    const state = patchedProductState(toProductState(current), patch, () => newId());
    const next = productRow(id, state, current.created_at, this.now(), current.version + 1);
    try {
      this.write.run(next);
    } catch (error) {
      if (isUniqueNameViolation(error)) throw new DuplicateNameError(next.name);
      throw error;
    }
    if (patch.variants !== undefined || patch.sku !== undefined) this.skus.claim(id, state);
    const change = staffChange('product', id, () => [toProduct(current), toProduct(next)]);
    writeAudit(this.db, [change], next.updated_at, importStep);
    this.changes.noteWrite();
    return next;
  }

  async setAvailability(id: string, available: boolean, condition?: WriteCondition): Promise<Product> {
    return this.update(id, { available }, condition);
  }

  async delete(id: string): Promise<boolean> {
    const removed = await whenFree(() =>
      this.db
        .transaction(() => {
          const current = this.byId.get(id);
          if (!current || this.remove.run(id).changes === 0) return false;
          writeAudit(this.db, [staffChange('product', id, () => [toProduct(current), null])], this.now());
          return true;
        })
        .immediate(),
    );
    if (removed) this.changes.noteWrite();
    return removed;
  }

  async changeToken(): Promise<string> {
    return whenFree(() => this.changes.token());
  }
}
