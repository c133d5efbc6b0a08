import { z } from 'zod';
import { STAFF_ROLES } from './staff-role.js';

/**
 * The signed-in identity as the apps see it; `isAdmin` comes from the token's custom claims.
 * @internal
 */
export const sessionUserSchema = z.object({
  uid: z.string().min(1),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
  /** 'admin' exactly when isAdmin; 'fulfilment' for order staff; null for shoppers. */
  role: z.enum(STAFF_ROLES).nullable(),
});

export type SessionUser = z.output<typeof sessionUserSchema>;

/** undefined while the sign-in state is unknown, null when signed out. */
export type UserState = SessionUser | null | undefined;
