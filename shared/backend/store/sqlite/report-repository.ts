import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { type AffiliateSales, affiliateSalesOf } from '../../../domain/affiliate-report.js';
import type { OrderDiscount } from '../../../domain/discount.js';
import { REVENUE_STATUSES, type SalesDay, type StockHealth } from '../../../domain/sales-report.js';
import type { ReportRepository } from '../report-repository.js';
import { StockHealthTally } from '../stock-health.js';
import { whenFree } from './busy-wait.js';
import type { SqliteDatabase } from './sqlite-database.js';

const REVENUE_IN = REVENUE_STATUSES.map((s) => `'${s}'`).join(', ');
/**
 * Products whose sizes are looked into per statement. Looking inside every size's JSON costs about
 * 10 µs a product, so one statement over 100,000 products would hold the event loop for a second or
 * more; a part at a time, with the loop free between them, keeps requests flowing meanwhile.
 */
const PRODUCTS_PER_STEP = 2_000;
const IN_STEP = 'p.rowid > ? AND p.rowid <= ? AND p.available = 1';

interface LowStockRow {
  productId: string;
  productName: string;
  nameKey: string;
  variantId: string;
  sku: string;
  options: string;
  stock: number;
}

export class SqliteReportRepository implements ReportRepository {
  constructor(private readonly db: SqliteDatabase) {}

  salesByDay(fromMs: number, toMs: number): Promise<SalesDay[]> {
    // Served by orders_status_created (status, created_at).
    return whenFree(() =>
      this.db
        .prepare<[number, number], SalesDay>(
          `SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS day,
             sum(total_cents) AS revenueCents, count(*) AS orders
           FROM orders WHERE status IN (${REVENUE_IN}) AND created_at >= ? AND created_at < ?
           GROUP BY day ORDER BY day`,
        )
        .all(fromMs, toMs),
    );
  }

  affiliateSales(fromMs: number, toMs: number): Promise<AffiliateSales[]> {
    return whenFree(() => {
      const rows = this.db
        .prepare<[number, number], { subtotal_cents: number; discount: string }>(
          `SELECT subtotal_cents, pricing ->> '$.discount' AS discount
           FROM orders WHERE status IN (${REVENUE_IN}) AND created_at >= ? AND created_at < ?
             AND pricing ->> '$.discount.affiliate' IS NOT NULL`,
        )
        .all(fromMs, toMs);
      return affiliateSalesOf(
        rows.map((r) => ({
          subtotalCents: r.subtotal_cents,
          discount: JSON.parse(r.discount) as OrderDiscount,
        })),
      );
    });
  }

  orderBacklog() {
    return whenFree(() => {
      const count = this.db.prepare<[string], { n: number }>(
        'SELECT count(*) AS n FROM orders WHERE status = ?',
      );
      return {
        awaitingPayment: count.get('pending_payment')!.n,
        awaitingShipment: count.get('paid')!.n,
      };
    });
  }

  /** Steps through the products by rowid; a product written meanwhile may be seen as before or after. */
  async stockHealth(threshold: number, limit: number): Promise<StockHealth> {
    const tally = new StockHealthTally(limit);
    const low = this.db.prepare<[number, number, number], LowStockRow>(
      `SELECT p.id AS productId, p.name AS productName, p.name_key AS nameKey, v.value ->> '$.id' AS variantId,
         v.value ->> '$.sku' AS sku, v.value -> '$.options' AS options, v.value ->> '$.stock' AS stock
       FROM products p, json_each(p.variants) v
       WHERE ${IN_STEP} AND v.value ->> '$.available' = 1
         AND v.value ->> '$.stock' IS NOT NULL AND v.value ->> '$.stock' <= ?`,
    );
    const unsellable = this.db.prepare<[number, number], { id: string; name: string; nameKey: string }>(
      `SELECT p.id, p.name, p.name_key AS nameKey FROM products p WHERE ${IN_STEP} AND NOT EXISTS (
         SELECT 1 FROM json_each(p.variants) v
         WHERE v.value ->> '$.available' = 1 AND coalesce(v.value ->> '$.stock', 1) != 0)`,
    );
    const last = await whenFree(
      () =>
        this.db.prepare<[], { last: number | null }>('SELECT max(rowid) AS last FROM products').get()!.last,
    );
    for (let after = 0; after < (last ?? 0); after += PRODUCTS_PER_STEP) {
      const end = after + PRODUCTS_PER_STEP;
      const [lows, unsellables] = await whenFree(
        () => [low.all(after, end, threshold), unsellable.all(after, end)] as const,
      );
      for (const r of lows) tally.addLow({ ...r, options: JSON.parse(r.options) as Record<string, string> });
      for (const p of unsellables) tally.addUnsellable(p);
      await yieldToEvents();
    }
    return tally.result();
  }
}
