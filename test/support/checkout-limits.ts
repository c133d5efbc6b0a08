import { databaseFile } from '../../shared/backend/config.js';
import { writeCheckoutLimits } from '../../shared/backend/settings/checkout-limits.js';
import type { Store } from '../../shared/backend/store/port.js';
import { openSqliteStore } from '../../shared/backend/store/sqlite/sqlite-store.js';

/**
 * For a test file whose few shoppers place many orders about something else: the checkout limits
 * (tested in checkout-limits.test.ts) lifted out of the way, the payment hold left as it is.
 */
export function liftCheckoutLimits(store: Pick<Store, 'meta' | 'audit'>): Promise<unknown> {
  return writeCheckoutLimits(store, {
    maxPerAccount: 10_000,
    maxUnitsPerSize: 99,
    checkoutsPerAccount: 10_000,
    checkoutsPerAddress: 10_000,
  });
}

/** The same for a started shop: its store file, written beside it (the shop reads the limits per checkout). */
export async function liftCheckoutLimitsIn(dataDir: string): Promise<void> {
  const store = openSqliteStore({ file: databaseFile({ dataDir }) });
  try {
    await liftCheckoutLimits(store);
  } finally {
    await store.close();
  }
}
