import type { AuthUser } from '../shared/backend/auth/auth-service.js';

/** Per-request values the middleware hands to handlers. */
export interface AppEnv {
  Variables: {
    user: AuthUser | null;
  };
}
