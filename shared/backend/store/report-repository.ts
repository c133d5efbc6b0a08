import type { AffiliateSales } from '../../domain/affiliate-report.js';
import type { OrderBacklog, SalesDay, StockHealth } from '../../domain/sales-report.js';

/** The figures staff's reports are made of, each computed by the store from its indexes. */
export interface ReportRepository {
  /**
   * Orders placed in [fromMs, toMs) that are now paid or shipped (REVENUE_STATUSES): their count and
   * total per UTC day, days without any left out, in day order.
   */
  salesByDay(fromMs: number, toMs: number): Promise<SalesDay[]>;
  /** How many orders await payment, and how many are paid and await shipping. */
  orderBacklog(): Promise<OrderBacklog>;
  /**
   * Of available products: the available sizes whose tracked stock is at or below `threshold`,
   * fewest first (then by product name and SKU), and the products none of whose sizes can be bought
   * (each unavailable or at stock 0), by name; each list cut at `limit`, its total counting all.
   */
  stockHealth(threshold: number, limit: number): Promise<StockHealth>;
  /** Orders placed in [fromMs, toMs), now paid or shipped, with an affiliate's code: totals per affiliate (affiliateSalesOf). */
  affiliateSales(fromMs: number, toMs: number): Promise<AffiliateSales[]>;
}
