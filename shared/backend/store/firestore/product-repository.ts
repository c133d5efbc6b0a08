import { type Firestore, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { DuplicateNameError, NotFoundError, StaleError } from '../../../domain/errors.js';
import type { NewProduct, Product, ProductPatch } from '../../../domain/product.js';
import { skuKey, type Variant } from '../../../domain/variant.js';
import { staffChange } from '../../audit/staff-change.js';
import { productNameSkeleton } from '../../product-name-skeleton.js';
import type { ProductChanges, ProductRepository, ProductWrite, WriteCondition } from '../port.js';
import { writeAudit } from './audit-repository.js';
import { BulkImport } from './bulk-import.js';
import type { CatalogueVersion } from './catalogue-version.js';
import {
  COLLECTIONS,
  currentDocument,
  DOCUMENTS_PER_READ,
  newProductDocument,
  patchedDocument,
  productNameRef,
  timestampAt,
  toProduct,
} from './documents.js';
import { indexedQuery } from './indexed-queries.js';
import { checkSkuClaims, skuIndexChange, skuRef, writeSkuIndex } from './sku-index.js';

/**
 * How far back before its cursor changesSince looks again. A change's time is its commit time
 * (serverTimestamp), and a query reading at time R sees every commit up to R, so a change not yet seen
 * commits after the newest one seen: the window only covers clock differences between Firestore's
 * replicas (and emulators); a change inside it may be answered twice, which callers take as a no-op.
 */
const CHANGES_OVERLAP_MS = 2_000;

export class FirestoreProductRepository implements ProductRepository {
  constructor(
    private readonly db: Firestore,
    private readonly now: () => number,
    private readonly version: CatalogueVersion,
  ) {}

  private get products() {
    return this.db.collection(COLLECTIONS.products);
  }

  private nameRef(nameSkeleton: string) {
    return productNameRef(this.db, nameSkeleton);
  }

  async listAvailable(): Promise<Product[]> {
    const snapshot = await indexedQuery(this.db, 'availableProductsByName', true).get();
    return snapshot.docs.map((d) => toProduct(d.data()));
  }

  async listAll(): Promise<Product[]> {
    const snapshot = await this.products.orderBy('nameKey').get();
    return snapshot.docs.map((d) => toProduct(d.data()));
  }

  async *listAllInPages(pageSize: number): AsyncIterable<Product[]> {
    for (let after: string | null = null; ; ) {
      const query = this.products.orderBy('nameKey').limit(pageSize);
      const snapshot = await (after === null ? query : query.where('nameKey', '>', after)).get();
      if (!snapshot.empty) yield snapshot.docs.map((d) => toProduct(d.data()));
      if (snapshot.size < pageSize) return;
      after = snapshot.docs.at(-1)!.get('nameKey') as string;
    }
  }

  async get(id: string): Promise<Product | null> {
    const snapshot = await this.products.doc(id).get();
    return snapshot.exists ? toProduct(snapshot.data()!) : null;
  }

  async findByName(name: string): Promise<Product | null> {
    const index = await this.nameRef(productNameSkeleton(name)).get();
    return index.exists ? this.get(index.get('productId') as string) : null;
  }

  async add(input: NewProduct): Promise<Product> {
    return this.db.runTransaction(async (tx) => this.addIn(tx, input));
  }

  /**
   * Adds a product inside a caller's transaction: reads the name and SKU indexes first (so a
   * concurrent add of the same name or SKU makes one of the two transactions retry and then see it
   * taken), then writes.
   */
  private async addIn(tx: Transaction, input: NewProduct): Promise<Product> {
    const doc = newProductDocument(input, timestampAt(this.now()));
    const nameRef = this.nameRef(doc.nameSkeleton);
    if ((await tx.get(nameRef)).exists) throw new DuplicateNameError(doc.name);
    const skus = [skuIndexChange(doc.id, null, doc)];
    const existing = await checkSkuClaims(this.db, tx, skus);
    tx.create(this.products.doc(doc.id), doc);
    tx.create(nameRef, { productId: doc.id, nameSkeleton: doc.nameSkeleton });
    writeSkuIndex(this.db, tx, skus, existing);
    this.version.changed(tx, { written: [doc.id] });
    const product = toProduct(doc);
    writeAudit(this.db, tx, [staffChange('product', doc.id, () => [null, product])], this.now());
    return product;
  }

  async findBySku(sku: string): Promise<{ product: Product; variant: Variant } | null> {
    if (sku.trim() === '') return null;
    const index = await skuRef(this.db, skuKey(sku)).get();
    if (!index.exists) return null;
    const product = await this.get(index.get('productId') as string);
    const variant = product?.variants.find((v) => v.id === index.get('variantId'));
    return product && variant ? { product, variant } : null;
  }

  async findByNames(names: readonly string[]): Promise<Map<string, Product>> {
    const keys = [...new Set(names.map(productNameSkeleton))];
    const found = new Map<string, Product>();
    for (let i = 0; i < keys.length; i += DOCUMENTS_PER_READ) {
      const indexes = await this.db.getAll(
        ...keys.slice(i, i + DOCUMENTS_PER_READ).map((k) => this.nameRef(k)),
      );
      const ids = indexes.filter((d) => d.exists).map((d) => d.get('productId') as string);
      if (ids.length === 0) continue;
      for (const snapshot of await this.db.getAll(...ids.map((id) => this.products.doc(id)))) {
        if (snapshot.exists)
          found.set(currentDocument(snapshot.data()!).nameSkeleton, toProduct(snapshot.data()!));
      }
    }
    return found;
  }

  async bulkWrite(
    batches: Iterable<ProductWrite[]> | AsyncIterable<ProductWrite[]>,
  ): Promise<{ created: number; updated: number }> {
    return new BulkImport(this.db, this.now, this.version).run(batches);
  }

  async update(id: string, patch: ProductPatch, condition: WriteCondition = {}): Promise<Product> {
    // The version is read in the transaction, so a write committed in between makes this one retry
    // and then see the new version: the check and the write are one step.
    return this.db.runTransaction(async (tx) => {
      const ref = this.products.doc(id);
      const snapshot = await tx.get(ref);
      if (!snapshot.exists) throw new NotFoundError('Product');
      const current = currentDocument(snapshot.data()!);
      if (condition.expectedVersion !== undefined && current.version !== condition.expectedVersion)
        throw new StaleError('product', toProduct(current));
      const next = patchedDocument(current, patch, timestampAt(this.now()));
      const renamed = next.nameSkeleton !== current.nameSkeleton;
      if (renamed && (await tx.get(this.nameRef(next.nameSkeleton))).exists)
        throw new DuplicateNameError(next.name);
      const skus = [skuIndexChange(id, current, next)];
      const existing = await checkSkuClaims(this.db, tx, skus);
      if (renamed) {
        tx.delete(this.nameRef(current.nameSkeleton));
        tx.create(this.nameRef(next.nameSkeleton), { productId: id, nameSkeleton: next.nameSkeleton });
      }
      writeSkuIndex(this.db, tx, skus, existing);
      tx.set(ref, next);
      this.version.changed(tx, { written: [id] });
      const product = toProduct(next);
      const change = staffChange('product', id, () => [toProduct(current), product]);
      writeAudit(this.db, tx, [change], this.now());
      return product;
    });
  }

  async setAvailability(id: string, available: boolean, condition?: WriteCondition): Promise<Product> {
    return this.update(id, { available }, condition);
  }

  /** Deletes the product with its name, SKUs and lots. */
  async delete(id: string): Promise<boolean> {
    return this.db.runTransaction(async (tx) => {
      const ref = this.products.doc(id);
      const snapshot = await tx.get(ref);
      if (!snapshot.exists) return false;
      const lots = await tx.get(this.db.collection(COLLECTIONS.lots).where('productId', '==', id));
      const current = currentDocument(snapshot.data()!);
      tx.delete(ref);
      tx.delete(this.nameRef(current.nameSkeleton));
      writeSkuIndex(this.db, tx, [skuIndexChange(id, current, null)]);
      for (const lot of lots.docs) tx.delete(lot.ref);
      this.version.changed(tx, { removed: [id] });
      writeAudit(this.db, tx, [staffChange('product', id, () => [toProduct(current), null])], this.now());
      return true;
    });
  }

  /** The cursor is the commit time (ms) of the newest change seen, in COLLECTIONS.productChanges. */
  async changesSince(cursor: string | null, limit: number): Promise<ProductChanges> {
    const feed = this.db.collection(COLLECTIONS.productChanges).orderBy('changedAt', 'desc');
    const after = cursor !== null && /^\d{1,15}$/.test(cursor) ? Number(cursor) : null;
    if (after === null) {
      const newest = await feed.limit(1).get();
      return { reset: true, cursor: String(newest.empty ? 0 : changedAtMs(newest.docs[0]!)) };
    }
    // Newest first: when the page is full, its oldest change tells whether any newer one was cut off.
    const page = await feed
      .where('changedAt', '>', Timestamp.fromMillis(Math.max(0, after - CHANGES_OVERLAP_MS)))
      .limit(limit + 1)
      .get();
    const newest = page.empty ? after : Math.max(after, changedAtMs(page.docs[0]!));
    if (page.size > limit && changedAtMs(page.docs.at(-1)!) > after)
      return { reset: true, cursor: String(newest) };
    const written = page.docs.filter((d) => d.get('deleted') !== true).map((d) => d.id);
    const removed = page.docs.filter((d) => d.get('deleted') === true).map((d) => d.id);
    const products: Product[] = [];
    for (let i = 0; i < written.length; i += DOCUMENTS_PER_READ) {
      const snapshots = await this.db.getAll(
        ...written.slice(i, i + DOCUMENTS_PER_READ).map((id) => this.products.doc(id)),
      );
      for (const snapshot of snapshots)
        if (snapshot.exists) products.push(toProduct(snapshot.data()!));
        else removed.push(snapshot.id);
    }
    return { reset: false, cursor: String(newest), products, removed };
  }

  async changeToken(): Promise<string> {
    return this.version.token();
  }
}

const changedAtMs = (doc: { get(field: string): unknown }): number =>
  (doc.get('changedAt') as Timestamp).toMillis();
