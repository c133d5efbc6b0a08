import { createMiddleware } from 'hono/factory';
import { asActor } from '../../shared/backend/audit/actor.js';
import type { AppEnv } from '../env.js';

/**
 * Staff routes' store changes are audited as the signed-in member of staff: their e-mail, looked up
 * when a change is written (after the route's own requireAdmin has identified them).
 */
export const staffActor = () =>
  createMiddleware<AppEnv>((c, next) =>
    asActor(() => {
      const user = c.get('user');
      return user ? (user.email ?? `uid:${user.uid}`) : null;
    }, next),
  );
