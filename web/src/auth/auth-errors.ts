import { ApiError } from '../../../shared/api/errors.js';

const MESSAGES: Record<string, string> = {
  'auth/wrong-password': 'Wrong email or password',
  'auth/invalid-credential': 'Wrong email or password',
  'auth/invalid-login-credentials': 'Wrong email or password',
  // Whether an address has an account is never told (sign-up handles a taken address itself).
  'auth/user-not-found': 'Wrong email or password',
  'auth/weak-password': 'Choose a stronger password: at least 6 characters',
  'auth/missing-password': 'Enter your password',
  'auth/invalid-email': 'Enter a valid email address',
  'auth/missing-email': 'Enter your email address',
  'auth/too-many-requests': 'Too many attempts; please wait a few minutes and try again',
  'auth/user-disabled': 'This account has been disabled; contact support',
  'auth/network-request-failed': 'Cannot reach the sign-in service; check your connection and try again',
  'auth/invalid-action-code': 'This link is invalid or has already been used; ask for a new one',
  'auth/expired-action-code': 'This link has expired; ask for a new one',
  'auth/requires-recent-login': 'For your security, sign in again and retry',
  'auth/operation-not-allowed': 'This sign-in method is not enabled for the shop',
};

/** A Firebase Auth failure (or the shop's API's) as a sentence a shopper understands. */
export function authErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code in MESSAGES) return MESSAGES[code]!;
  console.error('Sign-in failed:', error);
  return 'Something went wrong; please try again';
}
