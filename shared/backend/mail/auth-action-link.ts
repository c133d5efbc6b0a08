/**
 * A link to the shop's own page for Firebase Auth e-mail actions (/auth/action), which then sends the
 * shopper on to `next`.
 */
export function authActionLink(
  shopUrl: string,
  mode: 'resetPassword' | 'verifyEmail',
  oobCode: string,
  next: string,
): string {
  const link = new URL('/auth/action', shopUrl);
  link.searchParams.set('mode', mode);
  link.searchParams.set('oobCode', oobCode);
  if (next !== '/') link.searchParams.set('next', next);
  return link.toString();
}
