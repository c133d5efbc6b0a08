import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { DuplicateNameError, NotFoundError } from '../../../domain/errors.js';
import { BulkImportIncompleteError } from '../bulk-import-incomplete-error.js';
import type { ProductWrite } from '../port.js';
import type { CatalogueVersion } from './catalogue-version.js';
import {
  COLLECTIONS,
  newProductDocument,
  type ProductDocument,
  patchedFields,
  productNameRef,
  timestampAt,
  versionOf,
} from './documents.js';

/** Products per Firestore commit: a create writes two documents (product and name index). */
const PRODUCTS_PER_COMMIT = 200;

/** What one commit wrote, kept so that it can be undone. */
interface CommittedChunk {
  created: ProductDocument[];
  updated: { before: ProductDocument; after: ProductDocument }[];
}

/**
 * A bulk import on Firestore. One Firestore commit cannot hold a whole streamed file, so each chunk of
 * a batch commits in its own transaction (name uniqueness checked there, as for single adds), which
 * also lets later batches see earlier ones. If anything fails — a taken name, a missing product, the
 * source giving up — the chunks already committed are undone, newest first, so the import leaves
 * nothing behind; should the undo itself fail, BulkImportIncompleteError says what is still written.
 * Readers may see an import's products before it completes.
 */
export class BulkImport {
  private readonly committed: CommittedChunk[] = [];

  constructor(
    private readonly db: Firestore,
    private readonly now: () => number,
    private readonly version: CatalogueVersion,
  ) {}

  private productRef(id: string) {
    return this.db.collection(COLLECTIONS.products).doc(id);
  }

  async run(
    batches: Iterable<ProductWrite[]> | AsyncIterable<ProductWrite[]>,
  ): Promise<{ created: number; updated: number }> {
    const counts = { created: 0, updated: 0 };
    try {
      for await (const batch of batches) {
        for (let i = 0; i < batch.length; i += PRODUCTS_PER_COMMIT) {
          const chunk = await this.commit(batch.slice(i, i + PRODUCTS_PER_COMMIT));
          this.committed.push(chunk);
          counts.created += chunk.created.length;
          counts.updated += chunk.updated.length;
        }
      }
    } catch (error) {
      await this.undo(error);
      throw error;
    }
    return counts;
  }

  private commit(writes: ProductWrite[]): Promise<CommittedChunk> {
    return this.db.runTransaction(async (tx) => {
      const at = timestampAt(this.now());
      const updates = writes.flatMap((w) => (w.op === 'update' ? [w] : []));
      const currents = updates.length ? await tx.getAll(...updates.map((u) => this.productRef(u.id))) : [];
      const missing = currents.find((snapshot) => !snapshot.exists);
      if (missing) throw new NotFoundError('Product');

      const chunk: CommittedChunk = { created: [], updated: [] };
      for (const write of writes) {
        if (write.op === 'create') {
          chunk.created.push(newProductDocument(write.product, at, write.available ?? true));
        }
      }
      for (const [i, update] of updates.entries()) {
        const before = currents[i]!.data() as ProductDocument;
        chunk.updated.push({
          before,
          after: { ...before, ...patchedFields(update.patch, at), version: versionOf(before) + 1 },
        });
      }

      // Every name this chunk takes: new products' names and names products are renamed to.
      const claims = [
        ...chunk.created.map((d) => ({ nameKey: d.nameKey, name: d.name, id: d.id })),
        ...chunk.updated
          .filter((u) => u.after.nameKey !== u.before.nameKey)
          .map(({ after }) => ({ nameKey: after.nameKey, name: after.name, id: after.id })),
      ];
      const claimed = new Set<string>();
      for (const claim of claims) {
        if (claimed.has(claim.nameKey)) throw new DuplicateNameError(claim.name);
        claimed.add(claim.nameKey);
      }
      const indexes = claims.length
        ? await tx.getAll(...claims.map((c) => productNameRef(this.db, c.nameKey)))
        : [];
      const taken = indexes.findIndex((snapshot) => snapshot.exists);
      if (taken !== -1) throw new DuplicateNameError(claims[taken]!.name);

      for (const doc of chunk.created) {
        tx.create(this.productRef(doc.id), doc);
        tx.create(productNameRef(this.db, doc.nameKey), { productId: doc.id, nameKey: doc.nameKey });
      }
      for (const { before, after } of chunk.updated) {
        tx.set(this.productRef(after.id), after);
        if (after.nameKey !== before.nameKey) {
          tx.delete(productNameRef(this.db, before.nameKey));
          tx.create(productNameRef(this.db, after.nameKey), { productId: after.id, nameKey: after.nameKey });
        }
      }
      if (writes.length > 0) this.version.bump(tx);
      return chunk;
    });
  }

  private async undo(cause: unknown): Promise<void> {
    while (this.committed.length > 0) {
      const chunk = this.committed.at(-1)!;
      const batch = this.db.batch();
      for (const doc of chunk.created) {
        batch.delete(this.productRef(doc.id));
        batch.delete(productNameRef(this.db, doc.nameKey));
      }
      for (const { before, after } of chunk.updated) {
        // Stock the import did not set is left as it is now: orders may have taken some meanwhile.
        const { stock: _stock, ...withoutStock } = before;
        const restored = after.stock === before.stock ? withoutStock : before;
        batch.set(
          this.productRef(before.id),
          { ...restored, version: FieldValue.increment(1) },
          { merge: true },
        );
        if (after.nameKey !== before.nameKey) {
          batch.delete(productNameRef(this.db, after.nameKey));
          batch.set(productNameRef(this.db, before.nameKey), {
            productId: before.id,
            nameKey: before.nameKey,
          });
        }
      }
      this.version.bump(batch);
      try {
        await batch.commit();
      } catch {
        const left = this.committed;
        throw new BulkImportIncompleteError(
          cause,
          left.flatMap((c) => c.created.map(({ id, name }) => ({ id, name }))),
          left.flatMap((c) => c.updated.map(({ before: { id, name } }) => ({ id, name }))),
        );
      }
      this.committed.pop();
    }
  }
}
