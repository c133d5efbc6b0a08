import {
  DEFAULT_UNPAID_ORDER_LIMITS,
  type UnpaidOrderLimits,
  type UnpaidOrderLimitsPatch,
  unpaidOrderLimitsFrom,
} from '../../domain/unpaid-orders.js';
import type { StoreMeta } from '../store/port.js';
import { replaceSetting, type SettingsStore } from './rate-settings.js';

const KEY = 'setting:unpaidOrders';

/** The shop's unpaid-order limits, the defaults for any not set. */
export async function readUnpaidOrderLimits(meta: StoreMeta): Promise<UnpaidOrderLimits> {
  const stored = await meta.get(KEY);
  return unpaidOrderLimitsFrom(stored === null ? {} : JSON.parse(stored));
}

/** Changes the limits the patch names (already validated by unpaidOrderLimitsPatchSchema), audited. */
export async function writeUnpaidOrderLimits(
  store: SettingsStore,
  patch: UnpaidOrderLimitsPatch,
): Promise<UnpaidOrderLimits> {
  const current = await readUnpaidOrderLimits(store.meta);
  const next = {
    ...current,
    ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
  };
  await replaceSetting(store, 'unpaidOrders', KEY, next, DEFAULT_UNPAID_ORDER_LIMITS);
  return next;
}
