import type { Firestore, Transaction, WriteBatch } from 'firebase-admin/firestore';
import { DuplicateSkuError } from '../../../domain/errors.js';
import type { ProductState } from '../../../domain/product-state.js';
import { type SkuClaim, skuClaims } from '../sku-claims.js';
import { COLLECTIONS, keyId } from './documents.js';

type Variants = Pick<ProductState, 'options' | 'variants'>;

export function skuRef(db: Firestore, key: string) {
  return db.collection(COLLECTIONS.skus).doc(keyId(key));
}

/** The index documents to write and delete to go from one set of a product's SKUs to another. */
export interface SkuIndexChange {
  productId: string;
  claimed: SkuClaim[];
  released: string[];
}

export function skuIndexChange(
  productId: string,
  before: Variants | null,
  after: Variants | null,
): SkuIndexChange {
  const held = new Map((before ? skuClaims(before) : []).map((c) => [c.key, c]));
  const wanted = after ? skuClaims(after) : [];
  const wantedKeys = new Set(wanted.map((c) => c.key));
  return {
    productId,
    // a held SKU moved to another variant is written again, so the index names the right one
    claimed: wanted.filter((c) => held.get(c.key)?.variantId !== c.variantId),
    released: [...held.keys()].filter((key) => !wantedKeys.has(key)),
  };
}

/**
 * Reads, inside the transaction, the index documents of the SKUs the changes claim and throws
 * DuplicateSkuError for one another product holds (or two changes both claim). Reading them makes a
 * concurrent claim of the same SKU retry and then see it taken: of many, exactly one commits.
 */
export async function checkSkuClaims(
  db: Firestore,
  tx: Transaction,
  changes: SkuIndexChange[],
): Promise<Set<string>> {
  const claims = changes.flatMap((c) => c.claimed.map((claim) => ({ claim, productId: c.productId })));
  const releasedBy = new Map(changes.flatMap((c) => c.released.map((key) => [key, c.productId] as const)));
  const seen = new Set<string>();
  for (const { claim } of claims) {
    if (seen.has(claim.key)) throw new DuplicateSkuError(claim.sku, claim.field);
    seen.add(claim.key);
  }
  const existing = new Set<string>();
  if (claims.length === 0) return existing;
  const snapshots = await tx.getAll(...claims.map(({ claim }) => skuRef(db, claim.key)));
  snapshots.forEach((snapshot, i) => {
    const { claim, productId } = claims[i]!;
    const holder = snapshot.exists ? (snapshot.get('productId') as string) : null;
    if (holder !== null && holder !== productId && releasedBy.get(claim.key) !== holder)
      throw new DuplicateSkuError(claim.sku, claim.field);
    if (holder !== null) existing.add(claim.key);
  });
  return existing;
}

/** Writes the index; a SKU nobody held is created, so a claim that slipped past the check fails the commit. */
export function writeSkuIndex(
  db: Firestore,
  writer: Transaction | WriteBatch,
  changes: SkuIndexChange[],
  existing: ReadonlySet<string> = new Set(),
): void {
  const claimedKeys = new Set(changes.flatMap((c) => c.claimed.map((claim) => claim.key)));
  for (const { released } of changes)
    for (const key of released) if (!claimedKeys.has(key)) (writer as WriteBatch).delete(skuRef(db, key));
  for (const { productId, claimed } of changes)
    for (const claim of claimed) {
      const doc = { productId, variantId: claim.variantId, skuKey: claim.key };
      if (existing.has(claim.key)) (writer as WriteBatch).set(skuRef(db, claim.key), doc);
      else (writer as WriteBatch).create(skuRef(db, claim.key), doc);
    }
}
