import {
  DEFAULT_SHIPPING_CONFIG,
  type ShippingConfig,
  storedShippingConfigSchema,
} from '../../domain/shipping-rates.js';
import { DEFAULT_TAX_CONFIG, storedTaxConfigSchema, type TaxConfig } from '../../domain/tax-rates.js';
import type { StoreMeta } from '../store/port.js';
import { recordSettingsChange, type SettingsStore } from './settings-audit.js';

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
  // Written only after validation: a value read back is trusted to parse (by the rules of its day: the stored
  // schemas keep what newer rules refuse), and parsed again to fill defaults.
  return stored === null ? fallback : parse(JSON.parse(stored));
}

export async function readShopRates(meta: StoreMeta): Promise<ShopRates> {
  const [shipping, tax] = await Promise.all([
    readJson(meta, SHIPPING_KEY, (v) => storedShippingConfigSchema.parse(v), DEFAULT_SHIPPING_CONFIG),
    readJson(meta, TAX_KEY, (v) => storedTaxConfigSchema.parse(v), DEFAULT_TAX_CONFIG),
  ]);
  return { shipping, tax };
}

/**
 * Replaces one setting and records who changed it from what: from the rates in force, the defaults
 * when none were stored.
 */
async function replaceSetting(store: SettingsStore, name: keyof ShopRates, key: string, value: object) {
  const before = (await readShopRates(store.meta))[name];
  await store.meta.set(key, JSON.stringify(value));
  await recordSettingsChange(store, name, before, value);
}

/** Replaces the shipping zones (already validated by shippingConfigSchema). */
export function writeShippingConfig(store: SettingsStore, config: ShippingConfig): Promise<void> {
  return replaceSetting(store, 'shipping', SHIPPING_KEY, config);
}

/** Replaces the tax rates (already validated by taxConfigSchema). */
export function writeTaxConfig(store: SettingsStore, config: TaxConfig): Promise<void> {
  return replaceSetting(store, 'tax', TAX_KEY, config);
}
