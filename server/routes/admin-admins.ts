import { Hono } from 'hono';
import { z } from 'zod';
import { recordAdminRights } from '../../shared/backend/audit/admin-rights.js';
import { ConflictError } from '../../shared/domain/errors.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { requireAdmin } from '../middleware/auth.js';
import { validate } from '../validate.js';

const emailSchema = z.email({ error: 'Enter a valid email address' }).max(254);
const grantBody = z.strictObject({ email: z.string().trim().pipe(emailSchema) });
const revokeParam = z.object({ email: z.string().trim().pipe(emailSchema) });
const revokeQuery = z.object({ self: z.enum(['confirm']).optional() });

/**
 * Who is an admin. Changes reach the user at their next token refresh; revoking also revokes their
 * refresh tokens so the old claim cannot outlive the change.
 */
export const adminAdminRoutes = ({ auth, store }: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireAdmin(auth))
    .get('/', async (c) => c.json({ admins: await auth.listAdmins() }, 200))
    .post('/', validate('json', grantBody), async (c) => {
      const { email } = c.req.valid('json');
      const was = await auth.isAdmin(email);
      const admin = await auth.grantAdmin(email);
      await recordAdminRights(store, email, was, true);
      return c.json({ admin }, 200);
    })
    .delete('/:email', validate('param', revokeParam), validate('query', revokeQuery), async (c) => {
      const { email } = c.req.valid('param');
      const me = c.get('user')!;
      if (me.email?.toLowerCase() === email.toLowerCase() && c.req.valid('query').self !== 'confirm') {
        throw new ConflictError(
          'conflict',
          'You are about to remove your own admin access; confirm it to go ahead',
        );
      }
      const was = await auth.isAdmin(email);
      const admin = await auth.revokeAdmin(email);
      await recordAdminRights(store, email, was, false);
      return c.json({ admin }, 200);
    });
