import { api } from '../../../shared/web/api.js';

/**
 * Asks the shop to e-mail a reset link (to its own /auth/action page), which then sends the shopper on
 * to `next`. Resolves alike whether or not the address has an account.
 */
export async function requestPasswordReset(email: string, next = '/'): Promise<void> {
  await api.passwordReset({ email: email.trim(), next });
}
