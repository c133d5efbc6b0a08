import { Link, NavLink, useLocation } from 'react-router-dom';
import { STORE_DISPLAY_NAME } from '../../../shared/domain/constants.js';
import { useAuth } from '../../../shared/web/auth-context.js';
import { CartButton } from '../cart/cart-button.js';
import { SearchBox } from './search-box.js';
import { useDisclosure } from './use-disclosure.js';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-1 hover:text-teal-700 ${isActive ? 'font-semibold text-teal-700' : 'text-slate-700'}`;

export function TopNav() {
  const { user, signOut } = useAuth();
  const location = useLocation();
  const next = encodeURIComponent(location.pathname + location.search);
  const menu = useDisclosure({ floating: true });
  return (
    <header className="relative border-b border-slate-200 bg-white">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-[1080px] flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3"
      >
        <Link to="/" className="mr-auto text-lg font-bold text-teal-800">
          {STORE_DISPLAY_NAME}
        </Link>
        <SearchBox />
        <button
          {...menu.button}
          className="flex items-center gap-1.5 rounded px-2 py-1.5 text-slate-700 hover:bg-slate-100 sm:hidden"
        >
          <svg
            viewBox="0 0 24 24"
            width="20"
            height="20"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden
          >
            <path d={menu.open ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'} />
          </svg>
          Menu
        </button>
        {/* On phones the links fold into a panel under the header; wider screens show them in the bar. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the click is the link's or button's own; this only closes the menu after it */}
        <div
          {...menu.panel}
          onClick={(event) => {
            if ((event.target as Element).closest('a, button')) menu.close();
          }}
          className={`flex flex-wrap items-center gap-x-4 max-sm:absolute max-sm:inset-x-0 max-sm:top-full max-sm:z-40 max-sm:flex-col max-sm:items-stretch max-sm:border-b max-sm:border-slate-200 max-sm:bg-white max-sm:px-4 max-sm:py-2 max-sm:shadow-lg max-sm:[&>*]:py-2.5 ${menu.open ? '' : 'max-sm:hidden'}`}
        >
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
          {user?.role && (
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
