import { REVENUE_STATUSES, type SalesDay, type StockHealth } from '../../../domain/sales-report.js';
import type { ReportRepository } from '../report-repository.js';
import { whenFree } from './busy-wait.js';
import type { SqliteDatabase } from './sqlite-database.js';

const REVENUE_IN = REVENUE_STATUSES.map((s) => `'${s}'`).join(', ');
// json_each over each product's variants: one pass over the products table, no row leaves SQLite
// but the ones listed.
const LOW_STOCK_FROM = `FROM products p, json_each(p.variants) v
  WHERE p.available = 1 AND v.value ->> '$.available' = 1
    AND v.value ->> '$.stock' IS NOT NULL AND v.value ->> '$.stock' <= ?`;
const UNSELLABLE_FROM = `FROM products p WHERE p.available = 1 AND NOT EXISTS (
    SELECT 1 FROM json_each(p.variants) v
    WHERE v.value ->> '$.available' = 1 AND coalesce(v.value ->> '$.stock', 1) != 0)`;

interface LowStockRow {
  productId: string;
  productName: string;
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

  stockHealth(threshold: number, limit: number): Promise<StockHealth> {
    return whenFree(() =>
      this.db
        .transaction((): StockHealth => {
          const low = this.db
            .prepare<[number, number], LowStockRow>(
              `SELECT p.id AS productId, p.name AS productName, v.value ->> '$.id' AS variantId,
                 v.value ->> '$.sku' AS sku, v.value -> '$.options' AS options, v.value ->> '$.stock' AS stock
               ${LOW_STOCK_FROM}
               ORDER BY v.value ->> '$.stock', p.name_key, sku, variantId LIMIT ?`,
            )
            .all(threshold, limit);
          const lowTotal = this.db
            .prepare<[number], { n: number }>(`SELECT count(*) AS n ${LOW_STOCK_FROM}`)
            .get(threshold)!.n;
          const unsellable = this.db
            .prepare<[number], { id: string; name: string }>(
              `SELECT p.id, p.name ${UNSELLABLE_FROM} ORDER BY p.name_key, p.id LIMIT ?`,
            )
            .all(limit);
          const unsellableTotal = this.db
            .prepare<[], { n: number }>(`SELECT count(*) AS n ${UNSELLABLE_FROM}`)
            .get()!.n;
          return {
            lowStock: {
              total: lowTotal,
              variants: low.map((r) => ({ ...r, options: JSON.parse(r.options) as Record<string, string> })),
            },
            unsellable: { total: unsellableTotal, products: unsellable },
          };
        })
        .deferred(),
    );
  }
}
