import type { Firestore, Timestamp, Transaction } from 'firebase-admin/firestore';
import type { Discount, NewDiscount } from '../../../domain/discount.js';
import { DuplicateDiscountError, NotFoundError } from '../../../domain/errors.js';
import { timestampToMillis } from '../../../domain/timestamp.js';
import { staffChange } from '../../audit/staff-change.js';
import type { DiscountRepository } from '../port.js';
import { writeAudit } from './audit-repository.js';
import { COLLECTIONS, GRPC, hasGrpcCode, keyId, timestampAt, toApiTimestamp } from './documents.js';

interface DiscountDocument extends NewDiscount {
  active: boolean;
  uses: number;
  createdAt: Timestamp;
}

const toDiscount = (doc: DiscountDocument): Discount => ({
  ...doc,
  createdAt: new Date(timestampToMillis(toApiTimestamp(doc.createdAt))).toISOString(),
});

const discountRef = (db: Firestore, code: string) => db.collection(COLLECTIONS.discounts).doc(code);
const redemptionRef = (db: Firestore, code: string, uid: string) =>
  db.collection(COLLECTIONS.discountRedemptions).doc(keyId(code, uid));

/**
 * A code and whether this shopper used it, read inside an order's transaction: a checkout that races
 * another for the last use is retried by Firestore and then sees it gone.
 */
export async function readDiscountIn(
  db: Firestore,
  tx: Transaction,
  code: string,
  uid: string,
): Promise<{ discount: Discount | null; usedByShopper: boolean; orderIds: string[] }> {
  const [discount, redemption] = await tx.getAll(discountRef(db, code), redemptionRef(db, code, uid));
  const orderIds = redemption!.exists ? (redemption!.get('orderIds') as string[]) : [];
  return {
    discount: discount!.exists ? toDiscount(discount!.data() as DiscountDocument) : null,
    usedByShopper: orderIds.length > 0,
    orderIds,
  };
}

/** Counts a use of the code for this order, in the order's transaction (after readDiscountIn). */
export function redeemDiscountIn(
  db: Firestore,
  tx: Transaction,
  discount: Discount,
  use: { uid: string; orderId: string; orderIds: string[] },
): void {
  tx.update(discountRef(db, discount.code), { uses: discount.uses + 1 });
  tx.set(redemptionRef(db, discount.code, use.uid), {
    code: discount.code,
    uid: use.uid,
    orderIds: [...use.orderIds, use.orderId],
  });
}

export class FirestoreDiscountRepository implements DiscountRepository {
  constructor(
    private readonly db: Firestore,
    private readonly now: () => number,
  ) {}

  async create(discount: NewDiscount): Promise<Discount> {
    const doc: DiscountDocument = { ...discount, active: true, uses: 0, createdAt: timestampAt(this.now()) };
    try {
      const batch = this.db.batch();
      batch.create(discountRef(this.db, discount.code), doc);
      writeAudit(
        this.db,
        batch,
        [staffChange('discount', discount.code, () => [null, toDiscount(doc)])],
        this.now(),
      );
      await batch.commit();
    } catch (error) {
      if (hasGrpcCode(error, GRPC.ALREADY_EXISTS)) throw new DuplicateDiscountError(discount.code);
      throw error;
    }
    return toDiscount(doc);
  }

  async list(): Promise<Discount[]> {
    // A shop has tens or hundreds of codes: read them all and sort here, as SQLite does.
    const snapshot = await this.db.collection(COLLECTIONS.discounts).get();
    return snapshot.docs
      .map((d) => toDiscount(d.data() as DiscountDocument))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.code.localeCompare(b.code));
  }

  async get(code: string): Promise<Discount | null> {
    const snapshot = await discountRef(this.db, code).get();
    return snapshot.exists ? toDiscount(snapshot.data() as DiscountDocument) : null;
  }

  setActive(code: string, active: boolean): Promise<Discount> {
    return this.db.runTransaction(async (tx) => {
      const snapshot = await tx.get(discountRef(this.db, code));
      if (!snapshot.exists) throw new NotFoundError(`Discount code ${code}`);
      const before = snapshot.data() as DiscountDocument;
      tx.update(snapshot.ref, { active });
      writeAudit(
        this.db,
        tx,
        [staffChange('discount', code, () => [{ active: before.active }, { active }])],
        this.now(),
      );
      return toDiscount({ ...before, active });
    });
  }
}
