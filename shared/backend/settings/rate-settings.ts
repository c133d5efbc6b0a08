import {
  DEFAULT_SHIPPING_CONFIG,
  type ShippingConfig,
  shippingConfigSchema,
} from '../../domain/shipping-rates.js';
import { DEFAULT_TAX_CONFIG, type TaxConfig, taxConfigSchema } from '../../domain/tax-rates.js';
import { staffChange } from '../audit/staff-change.js';
import type { Store, StoreMeta } from '../store/port.js';

const SHIPPING_KEY = 'setting:shipping';
const TAX_KEY = 'setting:tax';

/** Shipping zones and tax rates, kept in the store as validated JSON so every instance and the CLI share them. */
export interface ShopRates {
  shipping: ShippingConfig;
  tax: TaxConfig;
}

async function readJson<T>(
  meta: StoreMeta,
  key: string,
  parse: (value: unknown) => T,
  fallback: T,
): Promise<T> {
  const stored = await meta.get(key);
  // Written only after validation: a value read back is trusted to parse, and parsed again to fill defaults.
  return stored === null ? fallback : parse(JSON.parse(stored));
}

export async function readShopRates(meta: StoreMeta): Promise<ShopRates> {
  const [shipping, tax] = await Promise.all([
    readJson(meta, SHIPPING_KEY, (v) => shippingConfigSchema.parse(v), DEFAULT_SHIPPING_CONFIG),
    readJson(meta, TAX_KEY, (v) => taxConfigSchema.parse(v), DEFAULT_TAX_CONFIG),
  ]);
  return { shipping, tax };
}

export type SettingsStore = Pick<Store, 'meta' | 'audit'>;

/**
 * Replaces one setting and records who changed it from what (`unset`: what it was before first set). The store's small settings have no
 * transaction to share with the log: the entry follows the write (a crash between them loses the entry,
 * never the setting).
 */
export async function replaceSetting(
  store: SettingsStore,
  name: string,
  key: string,
  value: object,
  unset: object = {},
) {
  const before = await store.meta.get(key);
  await store.meta.set(key, JSON.stringify(value));
  const entry = staffChange('settings', name, () => [before === null ? unset : JSON.parse(before), value]);
  if (entry) await store.audit.record([entry]);
}

/** Replaces the shipping zones (already validated by shippingConfigSchema). */
export function writeShippingConfig(store: SettingsStore, config: ShippingConfig): Promise<void> {
  return replaceSetting(store, 'shipping', SHIPPING_KEY, config);
}

/** Replaces the tax rates (already validated by taxConfigSchema). */
export function writeTaxConfig(store: SettingsStore, config: TaxConfig): Promise<void> {
  return replaceSetting(store, 'tax', TAX_KEY, config);
}
