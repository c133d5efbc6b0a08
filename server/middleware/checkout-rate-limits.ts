import type { ShopConfig } from '../../shared/backend/config.js';
import { rateLimit } from './rate-limit.js';

const WINDOW_MS = 10 * 60_000;
const MESSAGE = 'Too many checkouts in a short time; please wait a few minutes and try again';

/**
 * Checkouts one client address may start in ten minutes: several shoppers may share an address (an
 * office, a mobile carrier), so more than one account's worth.
 */
export const CHECKOUTS_PER_ADDRESS = 30;
/** Checkouts one account may start in ten minutes, retries of one order included. */
export const CHECKOUTS_PER_ACCOUNT = 10;

/** Before the token is checked: a script without an account spends only this. */
export const checkoutsPerAddress = (config: Pick<ShopConfig, 'clientIpHeader'>) =>
  rateLimit({
    limit: CHECKOUTS_PER_ADDRESS,
    windowMs: WINDOW_MS,
    message: MESSAGE,
    clientIpHeader: config.clientIpHeader,
  });

/** After requireUser: the signed-in account's checkouts, from whatever address. */
export const checkoutsPerAccount = () =>
  rateLimit({
    limit: CHECKOUTS_PER_ACCOUNT,
    windowMs: WINDOW_MS,
    message: MESSAGE,
    key: (c) => `uid:${c.get('user')!.uid}`,
  });
