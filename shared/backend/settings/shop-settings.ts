import { DEFAULT_LOW_STOCK_THRESHOLD } from '../../domain/sales-report.js';
import type { StoreMeta } from '../store/port.js';
import { recordSettingsChange, type SettingsStore } from './settings-audit.js';

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

/** Writes the settings the patch holds, and records who changed which from what (audit entity 'settings', id 'shop'). */
export async function writeShopSettings(
  store: SettingsStore,
  patch: Partial<ShopSettings>,
): Promise<ShopSettings> {
  const before = await readShopSettings(store.meta);
  if (patch.lowStockThreshold !== undefined)
    await store.meta.set(LOW_STOCK_KEY, String(patch.lowStockThreshold));
  const after = await readShopSettings(store.meta);
  await recordSettingsChange(store, 'shop', before, after);
  return after;
}
