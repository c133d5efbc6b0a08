import type { AuthService, AuthUser } from '../../shared/backend/auth/auth-service.js';
import { ShopError } from '../../shared/domain/errors.js';

export function bearerToken(header: string | undefined): string | null | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/** The caller named by the Authorization header; 401 without one or with one that does not verify. */
export async function verifiedUser(auth: AuthService, header: string | undefined, checkRevoked: boolean) {
  const token = bearerToken(header);
  if (token === undefined) throw new ShopError('unauthenticated', 'Sign in required');
  if (token === null)
    throw new ShopError('unauthenticated', 'The Authorization header must be "Bearer <ID token>"');
  return auth.verify(token, { checkRevoked });
}

/**
 * Refuses an account whose e-mail address is not verified (the token's email_verified claim): anyone can
 * sign up with someone else's address, so an unverified one proves nothing about who is asking.
 * `toDo` completes "Confirm your e-mail address to …".
 */
export function requireVerifiedEmail(user: AuthUser, toDo: string): AuthUser {
  if (user.email && user.emailVerified) return user;
  throw new ShopError(
    'email-unverified',
    user.email
      ? `Confirm your e-mail address to ${toDo}: open the link we sent to ${user.email}, then try again`
      : `Your account needs a verified e-mail address to ${toDo}`,
  );
}
