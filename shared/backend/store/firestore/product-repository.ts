import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { DuplicateNameError, NotFoundError } from '../../../domain/errors.js';
import { type NewProduct, type Product, type ProductPatch, productNameKey } from '../../../domain/product.js';
import { newId } from '../../ids.js';
import type { ProductRepository } from '../port.js';
import type { CatalogueVersion } from './catalogue-version.js';
import { COLLECTIONS, keyId, type ProductDocument, timestampAt, toProduct } from './documents.js';

export class FirestoreProductRepository implements ProductRepository {
  constructor(
    private readonly db: Firestore,
    private readonly now: () => number,
    private readonly version: CatalogueVersion,
  ) {}

  private get products() {
    return this.db.collection(COLLECTIONS.products);
  }

  private nameRef(nameKey: string) {
    return this.db.collection(COLLECTIONS.productNames).doc(keyId(nameKey));
  }

  async listAvailable(): Promise<Product[]> {
    const snapshot = await this.products.where('available', '==', true).orderBy('nameKey').get();
    return snapshot.docs.map((d) => toProduct(d.data()));
  }

  async listAll(): Promise<Product[]> {
    const snapshot = await this.products.orderBy('nameKey').get();
    return snapshot.docs.map((d) => toProduct(d.data()));
  }

  async get(id: string): Promise<Product | null> {
    const snapshot = await this.products.doc(id).get();
    return snapshot.exists ? toProduct(snapshot.data()!) : null;
  }

  async findByName(name: string): Promise<Product | null> {
    const index = await this.nameRef(productNameKey(name)).get();
    return index.exists ? this.get(index.get('productId') as string) : null;
  }

  async add(input: NewProduct): Promise<Product> {
    return this.db.runTransaction(async (tx) => this.addIn(tx, input));
  }

  /**
   * Adds a product inside a caller's transaction: reads the name index first (so a concurrent add of
   * the same name makes one of the two transactions retry and then see the name taken), then writes.
   */
  async addIn(tx: Transaction, input: NewProduct): Promise<Product> {
    const nameKey = productNameKey(input.name);
    const nameRef = this.nameRef(nameKey);
    if ((await tx.get(nameRef)).exists) throw new DuplicateNameError(input.name.trim());
    const at = timestampAt(this.now());
    const doc: ProductDocument = {
      id: newId(),
      name: input.name.trim(),
      nameKey,
      price: input.price,
      available: true,
      description: input.description,
      imgUrl: input.imgUrl,
      category: input.category,
      brand: input.brand,
      stock: input.stock,
      createdAt: at,
      updatedAt: at,
    };
    tx.create(this.products.doc(doc.id), doc);
    tx.create(nameRef, { productId: doc.id, nameKey });
    this.version.bump(tx);
    return toProduct(doc);
  }

  async update(id: string, patch: ProductPatch): Promise<Product> {
    return this.db.runTransaction(async (tx) => {
      const ref = this.products.doc(id);
      const snapshot = await tx.get(ref);
      if (!snapshot.exists) throw new NotFoundError('Product');
      const current = snapshot.data() as ProductDocument;
      const changes: Partial<ProductDocument> = { updatedAt: timestampAt(this.now()) };
      for (const [key, value] of Object.entries(patch) as [keyof ProductPatch, never][]) {
        if (value !== undefined && key !== 'name') changes[key] = value;
      }
      if (patch.name !== undefined) {
        changes.name = patch.name.trim();
        changes.nameKey = productNameKey(patch.name);
        if (changes.nameKey !== current.nameKey) {
          const newNameRef = this.nameRef(changes.nameKey);
          if ((await tx.get(newNameRef)).exists) throw new DuplicateNameError(changes.name);
          tx.delete(this.nameRef(current.nameKey));
          tx.create(newNameRef, { productId: id, nameKey: changes.nameKey });
        }
      }
      tx.update(ref, changes);
      this.version.bump(tx);
      return toProduct({ ...current, ...changes });
    });
  }

  async setAvailability(id: string, available: boolean): Promise<Product> {
    return this.update(id, { available });
  }

  async delete(id: string): Promise<boolean> {
    return this.db.runTransaction(async (tx) => {
      const ref = this.products.doc(id);
      const snapshot = await tx.get(ref);
      if (!snapshot.exists) return false;
      tx.delete(ref);
      tx.delete(this.nameRef((snapshot.data() as ProductDocument).nameKey));
      this.version.bump(tx);
      return true;
    });
  }

  async changeToken(): Promise<string> {
    return this.version.token();
  }
}
