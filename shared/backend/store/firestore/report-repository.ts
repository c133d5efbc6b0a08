import type { Firestore } from 'firebase-admin/firestore';
import { type AffiliateSales, affiliateSalesOf } from '../../../domain/affiliate-report.js';
import type { OrderDiscount } from '../../../domain/discount.js';
import type { Product } from '../../../domain/product.js';
import { dayOf, REVENUE_STATUSES, type SalesDay } from '../../../domain/sales-report.js';
import { timestampToMillis } from '../../../domain/timestamp.js';
import type { ReportRepository } from '../report-repository.js';
import { stockHealthOf } from '../stock-health.js';
import { COLLECTIONS, timestampAt, toProduct } from './documents.js';
import { indexedQuery } from './indexed-queries.js';

const PRODUCTS_PER_READ = 500;

export class FirestoreReportRepository implements ReportRepository {
  constructor(private readonly db: Firestore) {}

  /** Reads the paid and shipped orders of the range (their total and time only). */
  async salesByDay(fromMs: number, toMs: number): Promise<SalesDay[]> {
    const snapshot = await indexedQuery(this.db, 'ordersInStatusesNewestFirst', [...REVENUE_STATUSES])
      .where('createdAt', '>=', timestampAt(fromMs))
      .where('createdAt', '<', timestampAt(toMs))
      .select('totalCents', 'createdAt')
      .get();
    const days = new Map<string, SalesDay>();
    for (const doc of snapshot.docs) {
      const day = dayOf(timestampToMillis(doc.get('createdAt')));
      const sold = days.get(day) ?? { day, revenueCents: 0, orders: 0 };
      sold.revenueCents += doc.get('totalCents') as number;
      sold.orders++;
      days.set(day, sold);
    }
    return [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
  }

  /** Reads the paid and shipped orders of the range (their subtotal and discount only). */
  async affiliateSales(fromMs: number, toMs: number): Promise<AffiliateSales[]> {
    const snapshot = await indexedQuery(this.db, 'ordersInStatusesNewestFirst', [...REVENUE_STATUSES])
      .where('createdAt', '>=', timestampAt(fromMs))
      .where('createdAt', '<', timestampAt(toMs))
      .select('subtotalCents', 'discount')
      .get();
    return affiliateSalesOf(
      snapshot.docs.flatMap((doc) => {
        const discount = doc.get('discount') as OrderDiscount | null | undefined;
        return discount?.affiliate ? [{ subtotalCents: doc.get('subtotalCents') as number, discount }] : [];
      }),
    );
  }

  async orderBacklog() {
    const orders = this.db.collection(COLLECTIONS.orders);
    const count = async (status: string) =>
      (await orders.where('status', '==', status).count().get()).data().count;
    const [awaitingPayment, awaitingShipment] = await Promise.all([count('pending_payment'), count('paid')]);
    return { awaitingPayment, awaitingShipment };
  }

  /** Firestore cannot query inside a product's sizes: reads the available products a page at a time. */
  stockHealth(threshold: number, limit: number) {
    return stockHealthOf(this.availableProducts(), threshold, limit);
  }

  private async *availableProducts(): AsyncIterable<Product[]> {
    for (let after: string | null = null; ; ) {
      const query = indexedQuery(this.db, 'availableProductsByName', true).limit(PRODUCTS_PER_READ);
      const snapshot = await (after === null ? query : query.where('nameKey', '>', after)).get();
      if (!snapshot.empty) yield snapshot.docs.map((d) => toProduct(d.data()));
      if (snapshot.size < PRODUCTS_PER_READ) return;
      after = snapshot.docs.at(-1)!.get('nameKey') as string;
    }
  }
}
