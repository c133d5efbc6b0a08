import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';

export const healthRoutes = ({ store }: AppDeps) =>
  new Hono().get('/', async (c) => {
    await store.products.changeToken();
    return c.json({ status: 'ok', backend: store.kind }, 200);
  });
