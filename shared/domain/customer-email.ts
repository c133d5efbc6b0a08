/**
 * An e-mail address as "once per customer" compares it: NFKC, trimmed and in lower case, so that
 * `Ada@Example.com ` and `ａｄａ@example.com` are one customer.
 */
export function customerEmailKey(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}
