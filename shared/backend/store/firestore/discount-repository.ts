import type { Firestore, Timestamp, Transaction } from 'firebase-admin/firestore';
import { customerEmailKey } from '../../../domain/customer-email.js';
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
/** Who uses a code: the account and its e-mail, either of which marks a once-per-customer code used. */
export interface CodeUser {
  uid: string;
  email: string;
}

/** The documents listing a customer's orders with a code: one per account, one per e-mail. */
const redemptionRefs = (db: Firestore, code: string, user: CodeUser) => [
  db.collection(COLLECTIONS.discountRedemptions).doc(keyId(code, user.uid)),
  db.collection(COLLECTIONS.discountEmailRedemptions).doc(keyId(code, customerEmailKey(user.email))),
];

/** A code and its customer's uses as read inside an order's transaction, for the writes that follow. */
export interface CodeUse {
  discount: Discount | null;
  usedByShopper: boolean;
  /** Per redemption document (redemptionRefs' order): the orders listed there. */
  orderIds: string[][];
}

/**
 * A code and whether this customer (by account or e-mail) used it, read inside an order's
 * transaction: a checkout that races another for the last use is retried by Firestore and then sees
 * it gone.
 */
export async function readDiscountIn(
  db: Firestore,
  tx: Transaction,
  code: string,
  user: CodeUser,
): Promise<CodeUse> {
  const [discount, ...redemptions] = await tx.getAll(
    discountRef(db, code),
    ...redemptionRefs(db, code, user),
  );
  const orderIds = redemptions.map((r) => (r.exists ? (r.get('orderIds') as string[]) : []));
  return {
    discount: discount!.exists ? toDiscount(discount!.data() as DiscountDocument) : null,
    usedByShopper: orderIds.some((ids) => ids.length > 0),
    orderIds,
  };
}

/** Counts a use of the code for this order, in the order's transaction (after readDiscountIn). */
export function redeemDiscountIn(
  db: Firestore,
  tx: Transaction,
  use: CodeUse & { discount: Discount },
  user: CodeUser,
  orderId: string,
): void {
  const { code } = use.discount;
  tx.update(discountRef(db, code), { uses: use.discount.uses + 1 });
  redemptionRefs(db, code, user).forEach((ref, i) => {
    tx.set(ref, { code, orderIds: [...use.orderIds[i]!, orderId] });
  });
}

/**
 * Gives an unpaid order's use of its code back, with its customer's marks, in the cancel's
 * transaction (after readDiscountIn with the order's uid and e-mail).
 */
export function unredeemDiscountIn(
  db: Firestore,
  tx: Transaction,
  use: CodeUse,
  user: CodeUser,
  orderId: string,
): void {
  if (!use.discount || !use.orderIds.some((ids) => ids.includes(orderId))) return;
  const { code } = use.discount;
  tx.update(discountRef(db, code), { uses: Math.max(use.discount.uses - 1, 0) });
  redemptionRefs(db, code, user).forEach((ref, i) => {
    const rest = use.orderIds[i]!.filter((id) => id !== orderId);
    if (rest.length > 0) tx.set(ref, { code, orderIds: rest });
    else tx.delete(ref);
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
