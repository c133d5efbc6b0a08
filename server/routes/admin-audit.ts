import { Hono } from 'hono';
import { z } from 'zod';
import { auditQuerySchema, toAuditQuery } from '../../shared/api/audit-query.js';
import { ShopError } from '../../shared/domain/errors.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { requireAdmin } from '../middleware/auth.js';
import { validate } from '../validate.js';

const entryParam = z.object({ id: z.string().min(1).max(64) });

const appendOnly = () => {
  throw new ShopError('forbidden', 'Audit entries cannot be changed or deleted');
};

/** The audit log, newest first, a page at a time; admins only, and read-only. */
export const adminAuditRoutes = ({ store, auth }: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireAdmin(auth))
    .get('/', validate('query', auditQuerySchema), async (c) =>
      c.json(await store.audit.list(toAuditQuery(c.req.valid('query'))), 200),
    )
    .on(['PUT', 'PATCH', 'DELETE'], '/:id', validate('param', entryParam), appendOnly);
