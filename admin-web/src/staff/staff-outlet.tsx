import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../../../shared/web/auth-context.js';
import { NotAllowedPage } from './not-allowed-page.js';
import { homeFor, mayOpen } from './staff-pages.js';

/**
 * The admin page the address names, if the user's staff role opens it: else the admin area's home sends
 * them to the first page they may open, and any other page says it is not allowed.
 */
export function StaffOutlet() {
  const role = useAuth().user?.role ?? null;
  const { pathname } = useLocation();
  if (mayOpen(role, pathname)) return <Outlet />;
  const home = homeFor(role);
  if (pathname === '/' && home !== '/') return <Navigate to={home} replace />;
  return <NotAllowedPage role={role} home={home} />;
}
