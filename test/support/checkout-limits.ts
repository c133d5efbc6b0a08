import { writeCheckoutLimits } from '../../shared/backend/settings/checkout-limits.js';
import type { Store } from '../../shared/backend/store/port.js';

/**
 * For a test file whose few shoppers place many orders about something else: the checkout limits
 * (tested in checkout-limits.test.ts) lifted out of the way, the payment hold left as it is.
 */
export function liftCheckoutLimits(store: Pick<Store, 'meta' | 'audit'>): Promise<unknown> {
  return writeCheckoutLimits(store, {
    maxPerAccount: 100,
    maxUnitsPerSize: 99,
    checkoutsPerAccount: 10_000,
    checkoutsPerAddress: 10_000,
  });
}
