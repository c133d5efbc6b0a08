import { DuplicateNameError, NotFoundError } from '../../../domain/errors.js';
import type { NewProduct, Product, ProductPatch } from '../../../domain/product.js';
import { productNameKey } from '../../../domain/product.js';
import { newId } from '../../ids.js';
import type { ProductRepository } from '../port.js';
import type { ChangeTracker } from './change-tracker.js';
import type { SqliteDatabase } from './database.js';
import { type ProductRow, toProduct } from './product-row.js';

const COLUMN_OF: Record<Exclude<keyof ProductPatch, 'name'>, string> = {
  price: 'price',
  available: 'available',
  description: 'description',
  imgUrl: 'img_url',
  category: 'category',
  brand: 'brand',
  stock: 'stock',
};

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
    this.insert = db.prepare<ProductRow>(
      `INSERT INTO products (id, name, name_key, price, available, description, img_url, category, brand, stock, created_at, updated_at)
       VALUES (@id, @name, @name_key, @price, @available, @description, @img_url, @category, @brand, @stock, @created_at, @updated_at)`,
    );
    this.remove = db.prepare<[string]>('DELETE FROM products WHERE id = ?');
  }

  async listAvailable(): Promise<Product[]> {
    return this.available.all().map(toProduct);
  }

  async listAll(): Promise<Product[]> {
    return this.all.all().map(toProduct);
  }

  async get(id: string): Promise<Product | null> {
    const row = this.byId.get(id);
    return row ? toProduct(row) : null;
  }

  async findByName(name: string): Promise<Product | null> {
    const row = this.byNameKey.get(productNameKey(name));
    return row ? toProduct(row) : null;
  }

  async add(input: NewProduct): Promise<Product> {
    return this.addSync(input);
  }

  /** Synchronous insert, for callers that batch many adds in one transaction. */
  addSync(input: NewProduct): Product {
    const at = this.now();
    const row: ProductRow = {
      id: newId(),
      name: input.name.trim(),
      name_key: productNameKey(input.name),
      price: input.price,
      available: 1,
      description: input.description,
      img_url: input.imgUrl,
      category: input.category,
      brand: input.brand,
      stock: input.stock,
      created_at: at,
      updated_at: at,
    };
    try {
      this.insert.run(row);
    } catch (error) {
      if (isUniqueNameViolation(error)) throw new DuplicateNameError(row.name);
      throw error;
    }
    this.changes.noteWrite();
    return toProduct(row);
  }

  async update(id: string, patch: ProductPatch): Promise<Product> {
    const sets: string[] = [];
    const values: Record<string, unknown> = { id, updated_at: this.now() };
    for (const [key, value] of Object.entries(patch) as [keyof ProductPatch, unknown][]) {
      if (value === undefined) continue;
      if (key === 'name') {
        sets.push('name = @name', 'name_key = @name_key');
        values.name = String(value).trim();
        values.name_key = productNameKey(String(value));
      } else {
        sets.push(`${COLUMN_OF[key]} = @${key}`);
        values[key] = key === 'available' ? (value ? 1 : 0) : value;
      }
    }
    sets.push('updated_at = @updated_at');
    let changed: number;
    try {
      changed = this.db.prepare(`UPDATE products SET ${sets.join(', ')} WHERE id = @id`).run(values).changes;
    } catch (error) {
      if (isUniqueNameViolation(error)) throw new DuplicateNameError(String(values.name));
      throw error;
    }
    if (changed === 0) throw new NotFoundError('Product');
    this.changes.noteWrite();
    return (await this.get(id)) as Product;
  }

  async setAvailability(id: string, available: boolean): Promise<Product> {
    return this.update(id, { available });
  }

  async delete(id: string): Promise<boolean> {
    const removed = this.remove.run(id).changes > 0;
    if (removed) this.changes.noteWrite();
    return removed;
  }

  async changeToken(): Promise<string> {
    return this.changes.token();
  }
}
