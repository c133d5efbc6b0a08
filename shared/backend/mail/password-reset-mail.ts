import { STORE_DISPLAY_NAME, SUPPORT_EMAIL } from '../../domain/constants.js';
import { textToHtml } from '../orders/order-mail.js';
import type { OutboxMail } from '../store/port.js';

/**
 * The link the shop's own page (/auth/action) opens to set a new password, then sends the shopper on
 * to `next` through the sign-in page.
 */
export function passwordResetLink(shopUrl: string, oobCode: string, next: string): string {
  const link = new URL('/auth/action', shopUrl);
  link.searchParams.set('mode', 'resetPassword');
  link.searchParams.set('oobCode', oobCode);
  if (next !== '/') link.searchParams.set('next', next);
  return link.toString();
}

export function passwordResetMail(email: string, link: string): OutboxMail {
  const text = [
    `Someone asked to reset the password of your ${STORE_DISPLAY_NAME} account, ${email}.`,
    '',
    `Choose a new password here: ${link}`,
    '',
    'The link works once, for one hour. If you did not ask for it, ignore this e-mail: your password stays as it is.',
    '',
    `${STORE_DISPLAY_NAME} · ${SUPPORT_EMAIL}`,
  ].join('\n');
  return {
    to: { name: '', address: email },
    subject: `Reset your ${STORE_DISPLAY_NAME} password`,
    text,
    html: textToHtml(text, link),
  };
}
