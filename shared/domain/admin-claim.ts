// Apart from user.ts so the storefront's first load can judge a token without loading zod.

/** The custom claims that make an account an admin; nothing else does. */
export const ADMIN_CLAIMS = { isAdmin: true } as const;

/** Whether an account's or a token's custom claims make it an admin. */
export function holdsAdminClaim(claims: Record<string, unknown> | null | undefined): boolean {
  return claims?.isAdmin === true;
}
