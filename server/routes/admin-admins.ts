import { Hono } from 'hono';
import { z } from 'zod';
import { recordAdminRights } from '../../shared/backend/audit/admin-rights.js';
import { ConflictError } from '../../shared/domain/errors.js';
import { STAFF_ROLES } from '../../shared/domain/staff-role.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { requireAdmin } from '../middleware/auth.js';
import { validate } from '../validate.js';

const emailSchema = z.email({ error: 'Enter a valid email address' }).max(254);
const grantBody = z.strictObject({
  email: z.string().trim().pipe(emailSchema),
  role: z.enum(STAFF_ROLES, { error: 'role must be admin or fulfilment' }).default('admin'),
});
const revokeParam = z.object({ email: z.string().trim().pipe(emailSchema) });
const selfQuery = z.object({ self: z.enum(['confirm']).optional() });

/** Taking one's own full admin access away must be confirmed (`?self=confirm`). */
function confirmOwnLoss(me: { email: string | null }, email: string, self: 'confirm' | undefined) {
  if (me.email?.toLowerCase() === email.toLowerCase() && self !== 'confirm') {
    throw new ConflictError(
      'conflict',
      'You are about to remove your own admin access; confirm it to go ahead',
    );
  }
}

/**
 * Who is staff, and in which role (full admin or fulfilment). Changes reach the user at their next
 * token refresh; a change that takes rights away also revokes their refresh tokens so the old claim
 * cannot outlive the change.
 */
export const adminAdminRoutes = ({ auth, store }: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireAdmin(auth))
    .get('/', async (c) => c.json({ admins: await auth.listAdmins() }, 200))
    .post('/', validate('json', grantBody), validate('query', selfQuery), async (c) => {
      const { email, role } = c.req.valid('json');
      if (role !== 'admin') confirmOwnLoss(c.get('user')!, email, c.req.valid('query').self);
      const was = await auth.roleOf(email);
      const admin = await auth.grantAdmin(email, role);
      await recordAdminRights(store, email, was, role);
      return c.json({ admin }, 200);
    })
    .delete('/:email', validate('param', revokeParam), validate('query', selfQuery), async (c) => {
      const { email } = c.req.valid('param');
      confirmOwnLoss(c.get('user')!, email, c.req.valid('query').self);
      const was = await auth.roleOf(email);
      const admin = await auth.revokeAdmin(email);
      await recordAdminRights(store, email, was, null);
      return c.json({ admin }, 200);
    });
