import { Link, NavLink, useLocation } from 'react-router-dom';
import { STORE_DISPLAY_NAME } from '../../../shared/domain/constants.js';
import { useAuth } from '../../../shared/web/auth-context.js';
import { CartButton } from '../cart/cart-button.js';
import { SearchBox } from './search-box.js';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-1 hover:text-teal-700 ${isActive ? 'font-semibold text-teal-700' : 'text-slate-700'}`;

export function TopNav() {
  const { user, signOut } = useAuth();
  const location = useLocation();
  const next = encodeURIComponent(location.pathname + location.search);
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-[1080px] flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3"
      >
        <Link to="/" className="mr-auto text-lg font-bold text-teal-800">
          {STORE_DISPLAY_NAME}
        </Link>
        <SearchBox />
        <div className="order-last flex w-full flex-wrap items-center gap-x-2 sm:order-none sm:w-auto sm:gap-x-4">
          <NavLink
            to="/"
            end
            className={({ isActive }) =>
              navLinkClass({ isActive: isActive || location.pathname === '/home' })
            }
          >
            Home
          </NavLink>
          <NavLink to="/store" className={navLinkClass}>
            Store
          </NavLink>
          <NavLink to="/contact" className={navLinkClass}>
            Contact
          </NavLink>
          {user?.isAdmin && (
            <a href="/admin/" className="rounded px-2 py-1 text-slate-700 hover:text-teal-700">
              Admin Dashboard
            </a>
          )}
          {user === undefined && <span className="inline-block w-16" aria-hidden />}
          {user === null && (
            <Link to={`/login?next=${next}`} className="rounded px-2 py-1 text-slate-700 hover:text-teal-700">
              Sign In
            </Link>
          )}
          {user && (
            <NavLink to="/orders" className={navLinkClass}>
              Orders
            </NavLink>
          )}
          {user && (
            <NavLink to="/settings" className={navLinkClass}>
              Settings
            </NavLink>
          )}
          {user && (
            <button
              type="button"
              onClick={() => void signOut()}
              className="rounded px-2 py-1 text-slate-700 hover:text-teal-700"
            >
              Sign out
            </button>
          )}
        </div>
        <CartButton />
      </nav>
    </header>
  );
}
