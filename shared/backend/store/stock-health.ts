import type { Product } from '../../domain/product.js';
import { productNameKey } from '../../domain/product.js';
import type { LowStockVariant, StockHealth } from '../../domain/sales-report.js';
import { hasBuyableVariant } from '../../domain/variant.js';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * stockHealth (ReportRepository) of products read one page at a time, for a store that cannot
 * look inside its products' sizes in a query: only what is listed is kept in memory.
 */
export async function stockHealthOf(
  pages: AsyncIterable<Product[]>,
  threshold: number,
  limit: number,
): Promise<StockHealth> {
  const low: (LowStockVariant & { nameKey: string })[] = [];
  const unsellable: { id: string; name: string; nameKey: string }[] = [];
  let lowTotal = 0;
  let unsellableTotal = 0;
  const order = (a: LowStockVariant & { nameKey: string }, b: LowStockVariant & { nameKey: string }) =>
    a.stock - b.stock ||
    byText(a.nameKey, b.nameKey) ||
    byText(a.sku, b.sku) ||
    byText(a.variantId, b.variantId);
  for await (const page of pages) {
    for (const p of page) {
      if (!p.available) continue;
      const nameKey = productNameKey(p.name);
      if (!hasBuyableVariant(p)) {
        unsellableTotal++;
        unsellable.push({ id: p.id, name: p.name, nameKey });
      }
      for (const v of p.variants) {
        if (!v.available || v.stock === null || v.stock > threshold) continue;
        lowTotal++;
        low.push({
          productId: p.id,
          productName: p.name,
          variantId: v.id,
          sku: v.sku,
          options: v.options,
          stock: v.stock,
          nameKey,
        });
      }
    }
    // Keeps memory to what is listed, however many sizes are low.
    if (low.length > 2 * limit) low.sort(order).length = limit;
  }
  unsellable.sort((a, b) => byText(a.nameKey, b.nameKey) || byText(a.id, b.id));
  return {
    lowStock: {
      total: lowTotal,
      variants: low
        .sort(order)
        .slice(0, limit)
        .map(({ nameKey: _, ...v }) => v),
    },
    unsellable: {
      total: unsellableTotal,
      products: unsellable.slice(0, limit).map(({ nameKey: _, ...p }) => p),
    },
  };
}
