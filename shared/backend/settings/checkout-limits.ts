import {
  type CheckoutLimits,
  type CheckoutLimitsPatch,
  checkoutLimitsFrom,
} from '../../domain/unpaid-orders.js';
import type { StoreMeta } from '../store/port.js';
import { recordSettingsChange, type SettingsStore } from './settings-audit.js';

const KEY = 'setting:checkoutLimits';

/** The shop's checkout and unpaid-order limits, the defaults for any not set. */
export async function readCheckoutLimits(meta: StoreMeta): Promise<CheckoutLimits> {
  const stored = await meta.get(KEY);
  return checkoutLimitsFrom(stored === null ? {} : JSON.parse(stored));
}

/** Changes the limits the patch names (already validated by checkoutLimitsPatchSchema), audited. */
export async function writeCheckoutLimits(
  store: SettingsStore,
  patch: CheckoutLimitsPatch,
): Promise<CheckoutLimits> {
  const current = await readCheckoutLimits(store.meta);
  const changed = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const next = { ...current, ...changed };
  await store.meta.set(KEY, JSON.stringify(next));
  await recordSettingsChange(store, 'checkoutLimits', current, next);
  return next;
}
