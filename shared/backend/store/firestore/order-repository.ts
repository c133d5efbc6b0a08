import type { Firestore, Timestamp, Transaction } from 'firebase-admin/firestore';
import { NotFoundError } from '../../../domain/errors.js';
import {
  matchesFilter,
  ORDER_STATUSES,
  type Order,
  type OrderFilter,
  type PaymentProvider,
} from '../../../domain/order.js';
import type { OrderListQuery, OrderPage } from '../../../domain/order-listing.js';
import { type OrderEvent, orderMoveFor } from '../../../domain/order-transitions.js';
import { adjustVariantStock } from '../../../domain/product-state.js';
import { totalStock, type Variant } from '../../../domain/variant.js';
import { staffChange } from '../../audit/staff-change.js';
import { newId } from '../../ids.js';
import { newOrderNumber, orderNumberKey } from '../../order-number.js';
import { assertSameRequest, orderRequestFingerprint } from '../order-fingerprint.js';
import { priceOrder, pricingOf } from '../order-pricing.js';
import { OrderShorthands } from '../order-shorthands.js';
import type { MailFor, OrderRepository, OrderSearchScope, PlaceOrder } from '../port.js';
import { stockChangesOf } from '../stock-changes.js';
import { paymentDueAt, refuseHoarding, refuseOversized } from '../unpaid-order-checks.js';
import { writeAudit } from './audit-repository.js';
import type { CatalogueVersion } from './catalogue-version.js';
import { readDiscountIn, redeemDiscountIn, unredeemDiscountIn } from './discount-repository.js';
import {
  COLLECTIONS,
  currentDocument,
  DOCUMENTS_PER_READ,
  GRPC,
  hasGrpcCode,
  keyId,
  type OrderDocument,
  orderSearchKeys,
  storedCompliance,
  storedLines,
  timestampAt,
  toOrder,
  toProduct,
} from './documents.js';
import { indexedQuery } from './indexed-queries.js';
import { readOrderPage } from './order-page-reader.js';
import { enqueueMail } from './outbox-repository.js';
import { readUnpaidIn, writeUnpaidIn } from './unpaid-orders.js';

/** What could be an order number's document id (a slash would name another path). */
const ORDER_NUMBER_ID = /^[\w-]{1,128}$/;

export class FirestoreOrderRepository extends OrderShorthands implements OrderRepository {
  constructor(
    private readonly db: Firestore,
    private readonly now: () => number,
    private readonly version: CatalogueVersion,
  ) {
    super();
  }

  private get orders() {
    return this.db.collection(COLLECTIONS.orders);
  }

  private productRef(id: string) {
    return this.db.collection(COLLECTIONS.products).doc(id);
  }

  async place(request: PlaceOrder, mail?: MailFor<Order>): Promise<{ order: Order; created: boolean }> {
    // Every product read here is part of the transaction: if another checkout takes the same stock
    // first, Firestore makes this one retry and it then sees the stock as it is now.
    return this.db.runTransaction(async (tx) => {
      const keyRef = this.db
        .collection(COLLECTIONS.orderKeys)
        .doc(keyId(request.uid, request.idempotencyKey));
      const key = await tx.get(keyRef);
      const fingerprint = orderRequestFingerprint(request);
      if (key.exists) {
        const existing = (
          await tx.get(this.orders.doc(key.get('orderId') as string))
        ).data() as OrderDocument;
        assertSameRequest(existing.requestFingerprint, fingerprint);
        return { order: toOrder(existing), created: false };
      }
      const unpaid = await readUnpaidIn(this.db, tx, request.uid);
      refuseHoarding(request, unpaid.length);
      const ids = [...new Set(request.lines.map((l) => l.productId))];
      const snapshots = await tx.getAll(...ids.map((id) => this.productRef(id)));
      const products = new Map(snapshots.filter((s) => s.exists).map((s) => [s.id, toProduct(s.data()!)]));
      const nowMs = this.now();
      const code = request.discountCode;
      const redemptions = code === undefined ? null : await readDiscountIn(this.db, tx, code, request);
      const priced = priceOrder(request.lines, products, {
        ...pricingOf(request, nowMs),
        discount: redemptions?.discount ?? null,
        usedByShopper: redemptions?.usedByShopper ?? false,
      });
      refuseOversized(request, priced);
      const dueAt = paymentDueAt(request, nowMs);
      const number = await this.unusedOrderNumber(tx);
      const at = timestampAt(nowMs);
      for (const [productId, change] of priced.stockTaken) {
        const product = products.get(productId)!;
        tx.update(this.productRef(productId), stockUpdate(product.variants, change, product.version, at));
      }
      if (priced.stockTaken.size > 0) this.version.changed(tx, { written: priced.stockTaken.keys() });
      const doc: OrderDocument = {
        id: newId(),
        number,
        uid: request.uid,
        email: request.email,
        lines: priced.lines,
        subtotalCents: priced.subtotalCents,
        discount: priced.discount,
        shippingCents: priced.shippingCents,
        shipping: priced.shipping,
        taxCents: priced.taxCents,
        tax: priced.tax,
        totalCents: priced.totalCents,
        shippingAddress: request.shippingAddress,
        status: 'pending_payment',
        statusHistory: [{ status: 'pending_payment', at, note: 'Order placed' }],
        tracking: null,
        paymentProvider: request.paymentProvider,
        paymentReference: null,
        ...(dueAt === null ? {} : { paymentDueAt: timestampAt(dueAt) }),
        idempotencyKey: request.idempotencyKey,
        requestFingerprint: fingerprint,
        ...(request.compliance ? { compliance: storedCompliance(request.compliance, at) } : {}),
        createdAt: at,
        updatedAt: at,
      };
      tx.create(this.orders.doc(doc.id), { ...doc, ...orderSearchKeys(doc) });
      tx.create(keyRef, { orderId: doc.id, uid: request.uid });
      if (priced.discount && redemptions?.discount)
        redeemDiscountIn(this.db, tx, { ...redemptions, discount: redemptions.discount }, request, doc.id);
      writeUnpaidIn(this.db, tx, request.uid, [...unpaid, doc.id]);
      tx.create(this.db.collection(COLLECTIONS.orderNumbers).doc(number), { orderId: doc.id });
      const order = toOrder(doc);
      if (mail) enqueueMail(this.db, tx, mail(order), at.toMillis());
      return { order, created: true };
    });
  }

  private async unusedOrderNumber(tx: Transaction): Promise<string> {
    for (;;) {
      const number = newOrderNumber();
      if (!(await tx.get(this.db.collection(COLLECTIONS.orderNumbers).doc(number))).exists) return number;
    }
  }

  async get(id: string): Promise<Order | null> {
    const snapshot = await this.orders.doc(id).get();
    return snapshot.exists ? toOrder(snapshot.data()!) : null;
  }

  async getByNumbers(numbers: readonly string[]): Promise<Map<string, Order>> {
    // orderNumbers is the numbers' unique index (one document per number handed out, naming its order).
    const keys = [...new Set(numbers.map(orderNumberKey))].filter((n) => ORDER_NUMBER_ID.test(n));
    const found = new Map<string, Order>();
    for (let i = 0; i < keys.length; i += DOCUMENTS_PER_READ) {
      const claims = await this.db.getAll(
        ...keys
          .slice(i, i + DOCUMENTS_PER_READ)
          .map((n) => this.db.collection(COLLECTIONS.orderNumbers).doc(n)),
      );
      const ids = claims.filter((c) => c.exists).map((c) => c.get('orderId') as string);
      const orders = ids.length ? await this.db.getAll(...ids.map((id) => this.orders.doc(id))) : [];
      for (const o of orders) if (o.exists) found.set(o.get('number') as string, toOrder(o.data()!));
    }
    return found;
  }

  async listForUser(uid: string): Promise<Order[]> {
    const snapshot = await indexedQuery(this.db, 'userOrdersNewestFirst', uid).get();
    return snapshot.docs.map((d) => toOrder(d.data()));
  }

  async list({ filter, search }: { filter: OrderFilter; search?: string }): Promise<Order[]> {
    const query =
      filter === 'all'
        ? this.orders.orderBy('createdAt', 'desc')
        : indexedQuery(
            this.db,
            'ordersInStatusesNewestFirst',
            ORDER_STATUSES.filter((s) => matchesFilter(s, filter)),
          );
    const orders = (await query.get()).docs.map((d) => toOrder(d.data()));
    const term = search?.trim().toLowerCase();
    if (!term) return orders;
    // Firestore has no substring match; the admin's order search filters the listing it reads anyway.
    return orders.filter(
      (o) =>
        o.number.toLowerCase().includes(term) ||
        o.email.toLowerCase().includes(term) ||
        o.id === search!.trim(),
    );
  }

  listPage(query: OrderListQuery, search?: OrderSearchScope): Promise<OrderPage> {
    return readOrderPage(this.db, query, search);
  }

  /**
   * How many orders there are and the latest change (two orders changed in one millisecond may read
   * as one change until the next, timestamps being the clock's milliseconds).
   */
  async changeToken(): Promise<string> {
    const [count, latest] = await Promise.all([
      this.orders.count().get(),
      this.orders.orderBy('updatedAt', 'desc').limit(1).select('updatedAt').get(),
    ]);
    const last = latest.docs[0];
    const at = last ? (last.get('updatedAt') as Timestamp) : null;
    return `${count.data().count}.${at ? `${at.seconds}.${at.nanoseconds}` : '0'}.${last?.id ?? ''}`;
  }

  /** Persists what decideOrderTransition decided, with its restock and e-mails, in one transaction. */
  transition(id: string, event: OrderEvent, mail?: MailFor<Order>): Promise<Order> {
    return this.db.runTransaction(async (tx) => {
      const ref = this.orders.doc(id);
      const snapshot = await tx.get(ref);
      const doc = snapshot.exists ? (snapshot.data() as OrderDocument) : null;
      const move = orderMoveFor(doc && { ...toOrder(doc), lines: storedLines(doc) }, event);
      if (!doc || !move) return toOrder(doc!);
      const at = timestampAt(this.now());
      // Transactions read before they write.
      const restock = stockChangesOf(move.restock, 1);
      const products = restock.size
        ? await tx.getAll(...[...restock.keys()].map((id) => this.productRef(id)))
        : [];
      const leavesUnpaid = doc.status === 'pending_payment' && move.status !== 'pending_payment';
      const unpaid = leavesUnpaid ? await readUnpaidIn(this.db, tx, doc.uid) : null;
      const codeUse =
        move.givesBackCode && doc.discount ? await readDiscountIn(this.db, tx, doc.discount.code, doc) : null;
      const changes: Partial<OrderDocument> = {
        ...move.set,
        status: move.status,
        statusHistory: [...doc.statusHistory, { ...move.history, at }],
        updatedAt: at,
      };
      tx.update(ref, changes);
      for (const product of products) {
        // A product deleted since has nothing to put back (nor a variant removed or no longer tracked).
        if (!product.exists) continue;
        const current = currentDocument(product.data()!);
        tx.update(product.ref, stockUpdate(current.variants, restock.get(product.id)!, current.version, at));
      }
      if (products.length > 0)
        this.version.changed(tx, { written: products.filter((p) => p.exists).map((p) => p.id) });
      if (unpaid)
        writeUnpaidIn(
          this.db,
          tx,
          doc.uid,
          unpaid.filter((orderId) => orderId !== id),
        );
      if (codeUse) unredeemDiscountIn(this.db, tx, codeUse, doc, id);
      const order = toOrder({ ...doc, ...changes });
      if (mail) enqueueMail(this.db, tx, mail(order), at.toMillis());
      writeAudit(this.db, tx, [staffChange('order', id, () => [toOrder(doc), order])], at.toMillis());
      return order;
    });
  }

  async setPaymentReference(id: string, reference: string): Promise<Order> {
    try {
      await this.orders.doc(id).update({ paymentReference: reference, updatedAt: timestampAt(this.now()) });
    } catch (error) {
      if (hasGrpcCode(error, GRPC.NOT_FOUND)) throw new NotFoundError('Order');
      throw error;
    }
    return (await this.get(id))!;
  }

  async findByPaymentReference(provider: PaymentProvider, reference: string): Promise<Order | null> {
    const snapshot = await this.orders
      .where('paymentProvider', '==', provider)
      .where('paymentReference', '==', reference)
      .limit(1)
      .get();
    return snapshot.empty ? null : toOrder(snapshot.docs[0]!.data());
  }
}

/** The product fields that taking or putting back variant stock writes; the version moves on. */
function stockUpdate(
  variants: readonly Variant[],
  change: ReadonlyMap<string, number>,
  version: number,
  at: Timestamp,
) {
  const next = adjustVariantStock(variants, change);
  return { variants: next, stock: totalStock(next), updatedAt: at, version: version + 1 };
}
