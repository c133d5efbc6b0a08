import { Hono } from 'hono';
import type { PublicConfigResponse } from '../../shared/api/types.js';
import { STORE_DISPLAY_NAME } from '../../shared/domain/constants.js';
import type { AppDeps } from '../deps.js';

/** The public settings the apps start with, so one build serves the emulator and every real project. */
export const configRoutes = ({ config, payments }: AppDeps) => {
  const body: PublicConfigResponse = {
    storeName: STORE_DISPLAY_NAME,
    firebase: config.web,
    payments: {
      methods: payments.methods,
      stripePublishableKey: config.payments.stripe?.publishableKey ?? null,
    },
    compliance: config.compliance,
  };
  return new Hono().get('/', (c) => {
    c.header('cache-control', 'no-cache');
    return c.json(body, 200);
  });
};
