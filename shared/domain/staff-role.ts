// Apart from user.ts so the apps can judge a token's claims without loading zod.
import { holdsAdminClaim } from './admin-claim.js';

/** Who may use the admin area: full admins (the isAdmin claim) and fulfilment staff (role claim). */
export const STAFF_ROLES = ['admin', 'fulfilment'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What an admin route may let staff other than full admins do; every other admin route is full admins' only.
 * `orders:read` reads orders' shipping view (order-shipping-view.ts); `orders:read-all` reads them whole
 * (money, the shopper's account, payment, discount, compliance, staff notes).
 */
export type StaffPermission = 'orders:read' | 'orders:read-all' | 'orders:ship';

/**
 * The one permission table. Full admins may do everything; fulfilment sees what shipping needs of orders
 * and ships them, and nothing else (not their money, nor marking paid or cancelling: those decide about
 * money and stock).
 */
const ROLE_PERMISSIONS: Record<Exclude<StaffRole, 'admin'>, readonly StaffPermission[]> = {
  fulfilment: ['orders:read', 'orders:ship'],
};

/** Whether staff of this role (null: not staff) may do what the permission names. */
export function roleMay(role: StaffRole | null, permission: StaffPermission): boolean {
  if (role === 'admin') return true;
  return role !== null && ROLE_PERMISSIONS[role].includes(permission);
}

/** The staff role custom claims give, or null; isAdmin wins over a role claim. */
export function staffRoleOf(claims: Record<string, unknown> | null | undefined): StaffRole | null {
  if (holdsAdminClaim(claims)) return 'admin';
  return claims?.role === 'fulfilment' ? 'fulfilment' : null;
}

/** Custom claims holding exactly this staff role (null: none), every unrelated claim kept. */
export function claimsWithRole(
  claims: Record<string, unknown> | null | undefined,
  role: StaffRole | null,
): Record<string, unknown> {
  const { isAdmin: _admin, ...rest } = claims ?? {};
  if (rest.role === 'fulfilment') delete rest.role;
  if (role === 'admin') return { ...rest, isAdmin: true };
  if (role === 'fulfilment') return { ...rest, role: 'fulfilment' };
  return rest;
}

/** How the apps and the CLI name a role. */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Full admin',
  fulfilment: 'Fulfilment',
};

/** Said wherever a role is given to an account whose address is unverified: staff routes refuse it. */
export const unverifiedStaffNote = (email: string) =>
  `${email} has not verified this email address yet: the admin area stays closed to them until they open the verification link (Settings, "Resend verification email").`;
