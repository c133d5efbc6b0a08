import { STORE_DISPLAY_NAME, SUPPORT_EMAIL } from '../../domain/constants.js';
import { textToHtml } from '../orders/order-mail.js';
import type { OutboxMail } from '../store/port.js';
import { authActionLink } from './auth-action-link.js';

/** The link that opens the shop's page to set a new password, then signs in and goes on to `next`. */
export const passwordResetLink = (shopUrl: string, oobCode: string, next: string) =>
  authActionLink(shopUrl, 'resetPassword', oobCode, next);

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
