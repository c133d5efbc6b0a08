import { z } from 'zod';
import { safeNext } from './safe-next.js';

/** What the reset-password page sends: the address, and where the shopper goes once the new password is set. */
export const passwordResetRequestSchema = z.strictObject({
  email: z.email('Enter a valid email address').max(254, 'Email is too long'),
  next: z.string().max(500).optional().transform(safeNext),
});
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

/** What asking for (another) verification e-mail sends: where the shopper goes once the address is confirmed. */
export const verificationEmailRequestSchema = z.strictObject({
  next: z.string().max(500).optional().transform(safeNext),
});
export type VerificationEmailRequestInput = z.input<typeof verificationEmailRequestSchema>;

/**
 * The one answer to a reset request, whether or not the address has an account (as Firebase's e-mail
 * enumeration protection answers): telling them apart would tell anyone who has an account here.
 */
export const resetLinkSentMessage = (email: string) =>
  `If an account exists for ${email}, we've sent it a link to choose a new password.`;

/**
 * Sign-up with an address that already has an account: the owner is e-mailed a reset link, and the
 * page says so without saying the address is taken.
 */
export const signUpLinkSentMessage = (email: string) =>
  `We've sent a link to ${email}. If you already have an account with us, follow it to choose a new password and sign in.`;
