import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { DuplicateNameError, NotFoundError } from '../../../domain/errors.js';
import { totalStock, type Variant } from '../../../domain/variant.js';
import { currentActor } from '../../audit/actor.js';
import { staffChange } from '../../audit/staff-change.js';
import { BulkImportIncompleteError } from '../bulk-import-incomplete-error.js';
import { restoredVariants, untouchedStock } from '../import-undo.js';
import type { ProductWrite } from '../port.js';
import { writeAudit } from './audit-repository.js';
import type { CatalogueVersion } from './catalogue-version.js';
import {
  COLLECTIONS,
  currentDocument,
  GRPC,
  hasGrpcCode,
  newProductDocument,
  type ProductDocument,
  patchedDocument,
  productNameRef,
  timestampAt,
  toProduct,
} from './documents.js';
import { checkSkuClaims, type SkuIndexChange, skuIndexChange, writeSkuIndex } from './sku-index.js';

/**
 * Writes per Firestore commit, under its limit of 500: a write of a product costs the product, name
 * index documents and one per SKU of its variants (a rename or new SKUs release old ones too).
 */
const WRITES_PER_COMMIT = 400;

function writesOf(write: ProductWrite): number {
  const variants = write.op === 'create' ? write.product.variants : (write.patch.variants ?? []);
  return 3 + 2 * variants.length;
}

/** The batch cut into runs whose writes fit one commit (a run holds at least one product). */
function* commitChunks(batch: ProductWrite[]): Generator<ProductWrite[]> {
  // an audited import writes an entry per product too
  const audited = currentActor() === null ? 0 : 1;
  let chunk: ProductWrite[] = [];
  let writes = 0;
  for (const write of batch) {
    const cost = writesOf(write) + audited;
    if (chunk.length > 0 && writes + cost > WRITES_PER_COMMIT) {
      yield chunk;
      chunk = [];
      writes = 0;
    }
    chunk.push(write);
    writes += cost;
  }
  if (chunk.length > 0) yield chunk;
}

/** How often an undo step reads again when a product changed under it. */
const UNDO_ATTEMPTS = 5;

const sameVariants = (a: readonly Variant[], b: readonly Variant[]) =>
  JSON.stringify(a) === JSON.stringify(b);

const withVariants = <T>(fields: T, variants: Variant[]) => ({
  ...fields,
  variants,
  stock: totalStock(variants),
});

/** What one commit wrote, kept so that it can be undone. */
interface CommittedChunk {
  created: ProductDocument[];
  updated: { before: ProductDocument; after: ProductDocument }[];
  /** Its audit entries' ids, deleted with the chunk should the import be taken back. */
  audit: string[];
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
        for (const writes of commitChunks(batch)) {
          const chunk = await this.commit(writes);
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

      const chunk: CommittedChunk = { created: [], updated: [], audit: [] };
      for (const write of writes) {
        if (write.op === 'create') {
          chunk.created.push(newProductDocument(write.product, at, write.available ?? true));
        }
      }
      for (const [i, update] of updates.entries()) {
        const before = currentDocument(currents[i]!.data()!);
        chunk.updated.push({ before, after: patchedDocument(before, update.patch, at) });
      }

      // Every name this chunk takes: new products' names and names products are renamed to.
      const claims = [
        ...chunk.created.map((d) => ({ nameSkeleton: d.nameSkeleton, name: d.name, id: d.id })),
        ...chunk.updated
          .filter((u) => u.after.nameSkeleton !== u.before.nameSkeleton)
          .map(({ after }) => ({ nameSkeleton: after.nameSkeleton, name: after.name, id: after.id })),
      ];
      const claimed = new Set<string>();
      for (const claim of claims) {
        if (claimed.has(claim.nameSkeleton)) throw new DuplicateNameError(claim.name);
        claimed.add(claim.nameSkeleton);
      }
      const indexes = claims.length
        ? await tx.getAll(...claims.map((c) => productNameRef(this.db, c.nameSkeleton)))
        : [];
      const taken = indexes.findIndex((snapshot) => snapshot.exists);
      if (taken !== -1) throw new DuplicateNameError(claims[taken]!.name);
      const skus = skuChangesOf(chunk);
      const existing = await checkSkuClaims(this.db, tx, skus);

      for (const doc of chunk.created) {
        tx.create(this.productRef(doc.id), doc);
        tx.create(productNameRef(this.db, doc.nameSkeleton), {
          productId: doc.id,
          nameSkeleton: doc.nameSkeleton,
        });
      }
      for (const { before, after } of chunk.updated) {
        tx.set(this.productRef(after.id), after);
        if (after.nameSkeleton !== before.nameSkeleton) {
          tx.delete(productNameRef(this.db, before.nameSkeleton));
          tx.create(productNameRef(this.db, after.nameSkeleton), {
            productId: after.id,
            nameSkeleton: after.nameSkeleton,
          });
        }
      }
      writeSkuIndex(this.db, tx, skus, existing);
      chunk.audit = writeAudit(
        this.db,
        tx,
        [
          ...chunk.created.map((d) => staffChange('product', d.id, () => [null, toProduct(d)])),
          ...chunk.updated.map(({ before, after }) =>
            staffChange('product', after.id, () => [toProduct(before), toProduct(after)]),
          ),
        ],
        at.toMillis(),
      );
      if (writes.length > 0)
        this.version.changed(tx, {
          written: [...chunk.created.map((d) => d.id), ...chunk.updated.map(({ after }) => after.id)],
        });
      return chunk;
    });
  }

  private async undo(cause: unknown): Promise<void> {
    while (this.committed.length > 0) {
      for (let attempt = 1; ; attempt++) {
        try {
          await this.undoChunk(this.committed.at(-1)!);
          break;
        } catch (error) {
          // a product changed between reading and writing it back (an order took stock): read again
          if (hasGrpcCode(error, GRPC.FAILED_PRECONDITION) && attempt < UNDO_ATTEMPTS) continue;
          const left = this.committed;
          throw new BulkImportIncompleteError(
            cause,
            left.flatMap((c) => c.created.map(({ id, name }) => ({ id, name }))),
            left.flatMap((c) => c.updated.map(({ before: { id, name } }) => ({ id, name }))),
          );
        }
      }
      this.committed.pop();
    }
  }

  /**
   * Takes one committed chunk back in one batch. Updated products are written back only if unchanged
   * since read here, so that stock orders took meanwhile, which the import left alone, stays taken.
   */
  private async undoChunk(chunk: CommittedChunk): Promise<void> {
    const currents = chunk.updated.length
      ? await this.db.getAll(...chunk.updated.map(({ before }) => this.productRef(before.id)))
      : [];
    const batch = this.db.batch();
    // A chunk taken back never happened: its audit entries go with it.
    for (const id of chunk.audit) batch.delete(this.db.collection(COLLECTIONS.audit).doc(id));
    for (const doc of chunk.created) {
      batch.delete(this.productRef(doc.id));
      batch.delete(productNameRef(this.db, doc.nameSkeleton));
    }
    for (const [i, { before, after }] of chunk.updated.entries()) {
      const snapshot = currents[i]!;
      // deleted since: nothing to put back
      if (!snapshot.exists) continue;
      const { variants, stock: _stock, ...fields } = before;
      const restored = sameVariants(before.variants, after.variants)
        ? fields
        : withVariants(
            fields,
            restoredVariants(
              variants,
              untouchedStock(variants, after.variants),
              currentDocument(snapshot.data()!).variants,
            ),
          );
      batch.update(
        snapshot.ref,
        { ...restored, version: FieldValue.increment(1) },
        { lastUpdateTime: snapshot.updateTime! },
      );
      if (after.nameSkeleton !== before.nameSkeleton) {
        batch.delete(productNameRef(this.db, after.nameSkeleton));
        batch.set(productNameRef(this.db, before.nameSkeleton), {
          productId: before.id,
          nameSkeleton: before.nameSkeleton,
        });
      }
    }
    const undone = skuChangesOf({
      created: [],
      updated: chunk.updated.map(({ before, after }) => ({ before: after, after: before })),
      audit: [],
    });
    const created = chunk.created.map((doc) => skuIndexChange(doc.id, doc, null));
    writeSkuIndex(
      this.db,
      batch,
      [...created, ...undone],
      new Set(undone.flatMap((c) => c.claimed.map((k) => k.key))),
    );
    this.version.changed(batch, {
      removed: chunk.created.map((d) => d.id),
      written: chunk.updated.filter((_, i) => currents[i]!.exists).map(({ before }) => before.id),
    });
    await batch.commit();
  }
}

/** The SKU index changes of a chunk: new products' SKUs, and those updates claim or release. */
function skuChangesOf(chunk: CommittedChunk): SkuIndexChange[] {
  return [
    ...chunk.created.map((doc) => skuIndexChange(doc.id, null, doc)),
    ...chunk.updated.map(({ before, after }) => skuIndexChange(after.id, before, after)),
  ];
}
