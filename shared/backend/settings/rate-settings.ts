import {
  DEFAULT_SHIPPING_CONFIG,
  type ShippingConfig,
  shippingConfigSchema,
} from '../../domain/shipping-rates.js';
import { DEFAULT_TAX_CONFIG, type TaxConfig, taxConfigSchema } from '../../domain/tax-rates.js';
import type { StoreMeta } from '../store/port.js';

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

/** Replaces the shipping zones (already validated by shippingConfigSchema). */
export async function writeShippingConfig(meta: StoreMeta, config: ShippingConfig): Promise<void> {
  await meta.set(SHIPPING_KEY, JSON.stringify(config));
}

/** Replaces the tax rates (already validated by taxConfigSchema). */
export async function writeTaxConfig(meta: StoreMeta, config: TaxConfig): Promise<void> {
  await meta.set(TAX_KEY, JSON.stringify(config));
}
