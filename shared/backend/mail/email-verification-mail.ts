import { STORE_DISPLAY_NAME, SUPPORT_EMAIL } from '../../domain/constants.js';
import { textToHtml } from '../orders/order-mail.js';
import type { OutboxMail } from '../store/port.js';
import { authActionLink } from './auth-action-link.js';

/** The link that confirms the address on the shop's own page, then offers the way on to `next`. */
export const emailVerificationLink = (shopUrl: string, oobCode: string, next: string) =>
  authActionLink(shopUrl, 'verifyEmail', oobCode, next);

export function emailVerificationMail(email: string, link: string): OutboxMail {
  const text = [
    `Please confirm that ${email} is your e-mail address: orders from your ${STORE_DISPLAY_NAME} account need it.`,
    '',
    `Confirm it here: ${link}`,
    '',
    'If you did not create an account with us, ignore this e-mail.',
    '',
    `${STORE_DISPLAY_NAME} · ${SUPPORT_EMAIL}`,
  ].join('\n');
  return {
    to: { name: '', address: email },
    subject: `Confirm your e-mail address for ${STORE_DISPLAY_NAME}`,
    text,
    html: textToHtml(text, link),
  };
}
