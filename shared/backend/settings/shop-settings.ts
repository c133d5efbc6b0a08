import { DEFAULT_LOW_STOCK_THRESHOLD } from '../../domain/sales-report.js';
import type { StoreMeta } from '../store/port.js';

/** Settings staff change from the admin area, kept in the store so every instance and the CLI share them. */
export interface ShopSettings {
  /** A size with this many tracked units or fewer is listed as low on stock. */
  lowStockThreshold: number;
}

const LOW_STOCK_KEY = 'setting:lowStockThreshold';

export async function readShopSettings(meta: StoreMeta): Promise<ShopSettings> {
  const stored = await meta.get(LOW_STOCK_KEY);
  const threshold = stored === null ? Number.NaN : Number(stored);
  return { lowStockThreshold: Number.isInteger(threshold) ? threshold : DEFAULT_LOW_STOCK_THRESHOLD };
}

export async function writeShopSettings(
  meta: StoreMeta,
  patch: Partial<ShopSettings>,
): Promise<ShopSettings> {
  if (patch.lowStockThreshold !== undefined) await meta.set(LOW_STOCK_KEY, String(patch.lowStockThreshold));
  return readShopSettings(meta);
}
