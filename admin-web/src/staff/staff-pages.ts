import { roleMay, type StaffPermission, type StaffRole } from '../../../shared/domain/staff-role.js';

/**
 * The admin pages (by the first segment of their path) that staff other than full admins may open, each
 * with the permission it needs (the server's table, shared/domain/staff-role.ts, decides who holds it).
 * A page not listed is for full admins only, as an admin API route that declares nothing is.
 */
const STAFF_PAGES: Record<string, StaffPermission> = {
  orders: 'orders:read',
};

const firstSegment = (path: string) => path.split(/[/?#]/).find(Boolean) ?? '';

/** Whether staff of this role may open the admin page at `path` (relative to /admin). */
export function mayOpen(role: StaffRole | null | undefined, path: string): boolean {
  if (role === 'admin') return true;
  const permission = STAFF_PAGES[firstSegment(path)];
  return !!role && !!permission && roleMay(role, permission);
}

/** Where the admin area's home sends staff who may not open the product list. */
export function homeFor(role: StaffRole | null | undefined): string {
  return `/${Object.keys(STAFF_PAGES).find((page) => mayOpen(role, page)) ?? ''}`;
}
