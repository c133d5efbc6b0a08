import type { ShopConfig } from '../../shared/backend/config.js';
import { readCheckoutLimits } from '../../shared/backend/settings/checkout-limits.js';
import type { Store } from '../../shared/backend/store/port.js';
import { CHECKOUT_WINDOW_MS } from '../../shared/domain/unpaid-orders.js';
import { rateLimit } from './rate-limit.js';

const MESSAGE = 'Too many checkouts in a short time; please wait a few minutes and try again';

/** Before the token is checked, so a script without an account spends only this. */
export const checkoutsPerAddress = (store: Store, config: Pick<ShopConfig, 'clientIpHeader'>) =>
  rateLimit({
    limit: async () => (await readCheckoutLimits(store.meta)).checkoutsPerAddress,
    windowMs: CHECKOUT_WINDOW_MS,
    message: MESSAGE,
    clientIpHeader: config.clientIpHeader,
  });

/** After requireUser: the signed-in account's checkouts, from whatever address. */
export const checkoutsPerAccount = (store: Store) =>
  rateLimit({
    limit: async () => (await readCheckoutLimits(store.meta)).checkoutsPerAccount,
    windowMs: CHECKOUT_WINDOW_MS,
    message: MESSAGE,
    key: (c) => `uid:${c.get('user')!.uid}`,
  });
