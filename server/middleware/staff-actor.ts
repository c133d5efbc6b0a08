import { createMiddleware } from 'hono/factory';
import { asActor } from '../../shared/backend/audit/actor.js';
import { staffAuditActor } from '../../shared/domain/audit.js';
import type { AppEnv } from '../env.js';

/**
 * Staff routes' store changes are audited as the signed-in member of staff: their uid and their
 * e-mail now, looked up when a change is written (after the route's own requireAdmin has identified them).
 */
export const staffActor = () =>
  createMiddleware<AppEnv>((c, next) =>
    asActor(() => {
      const user = c.get('user');
      return user ? staffAuditActor(user) : null;
    }, next),
  );
