import type { Product } from '../../domain/product.js';
import { productNameKey } from '../../domain/product.js';
import type { LowStockVariant, StockHealth } from '../../domain/sales-report.js';
import { hasBuyableVariant } from '../../domain/variant.js';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type Keyed<T> = T & { nameKey: string };
const lowFirst = (a: Keyed<LowStockVariant>, b: Keyed<LowStockVariant>) =>
  a.stock - b.stock ||
  byText(a.nameKey, b.nameKey) ||
  byText(a.sku, b.sku) ||
  byText(a.variantId, b.variantId);

/**
 * Gathers stockHealth (ReportRepository) from products read a part at a time: every match is counted
 * and only the first `limit` of each list (in the port's order) are kept, so memory stays small.
 */
export class StockHealthTally {
  private low: Keyed<LowStockVariant>[] = [];
  private unsellable: Keyed<{ id: string; name: string }>[] = [];
  private lowTotal = 0;
  private unsellableTotal = 0;

  constructor(private readonly limit: number) {}

  addLow(variant: Keyed<LowStockVariant>): void {
    this.lowTotal++;
    this.low.push(variant);
    if (this.low.length > 2 * this.limit) this.low.sort(lowFirst).length = this.limit;
  }

  addUnsellable(product: Keyed<{ id: string; name: string }>): void {
    this.unsellableTotal++;
    this.unsellable.push(product);
    if (this.unsellable.length > 2 * this.limit) this.unsellable.sort(byName).length = this.limit;
  }

  result(): StockHealth {
    return {
      lowStock: {
        total: this.lowTotal,
        variants: this.low
          .sort(lowFirst)
          .slice(0, this.limit)
          .map(({ nameKey: _, ...v }) => v),
      },
      unsellable: {
        total: this.unsellableTotal,
        products: this.unsellable
          .sort(byName)
          .slice(0, this.limit)
          .map(({ nameKey: _, ...p }) => p),
      },
    };
  }
}

const byName = (a: Keyed<{ id: string }>, b: Keyed<{ id: string }>) =>
  byText(a.nameKey, b.nameKey) || byText(a.id, b.id);

/** stockHealth of whole products read a page at a time, for a store that cannot look inside sizes in a query. */
export async function stockHealthOf(
  pages: AsyncIterable<Product[]>,
  threshold: number,
  limit: number,
): Promise<StockHealth> {
  const tally = new StockHealthTally(limit);
  for await (const page of pages) {
    for (const p of page) {
      if (!p.available) continue;
      const nameKey = productNameKey(p.name);
      if (!hasBuyableVariant(p)) tally.addUnsellable({ id: p.id, name: p.name, nameKey });
      for (const v of p.variants) {
        if (!v.available || v.stock === null || v.stock > threshold) continue;
        const { id: variantId, sku, options, stock } = v;
        tally.addLow({ productId: p.id, productName: p.name, variantId, sku, options, stock, nameKey });
      }
    }
  }
  return tally.result();
}
