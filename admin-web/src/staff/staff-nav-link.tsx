import { NavLink as RouterNavLink } from 'react-router-dom';
import { useAuth } from '../../../shared/web/auth-context.js';
import { mayOpen } from './staff-pages.js';

/** The admin navigation's link, shown only to staff whose role opens the page it leads to. */
export function NavLink(props: Parameters<typeof RouterNavLink>[0] & { to: string }) {
  const role = useAuth().user?.role;
  return mayOpen(role, props.to) ? <RouterNavLink {...props} /> : null;
}
