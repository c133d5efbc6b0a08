import { STORE_DISPLAY_NAME } from '../../../shared/domain/constants.js';
import { useAuth } from '../../../shared/web/auth-context.js';
import { Toasts } from '../../../shared/web/toasts.js';
import { NewOrdersBadge } from '../orders/new-orders-badge.js';
// Shows each link only to staff whose role opens its page (fulfilment staff: Orders only).
import { NavLink } from '../staff/staff-nav-link.js';
import { StaffOutlet } from '../staff/staff-outlet.js';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-1 hover:bg-slate-700 ${isActive ? 'bg-slate-700 font-semibold' : ''}`;

/** The admin area's own frame: navigation (Dashboard, Home, Orders, Manage Products, Discounts, Permissions, Audit log) and toasts. */
export function AdminLayout() {
  const { user, signOut } = useAuth();
  return (
    <>
      <header className="bg-slate-900 text-white">
        <nav
          aria-label="Admin"
          className="mx-auto flex max-w-[1080px] flex-wrap items-center gap-2 px-4 py-3"
        >
          <span className="mr-4 font-semibold">{STORE_DISPLAY_NAME} Admin</span>
          <NavLink to="/dashboard" className={linkClass}>
            Dashboard
          </NavLink>
          {/* Home is the storefront, outside the admin app's router. */}
          <a href="/" className="rounded px-2 py-1 hover:bg-slate-700">
            Home
          </a>
          <NavLink to="/orders" className={linkClass}>
            Orders
            <NewOrdersBadge />
          </NavLink>
          <NavLink to="/manage-products" className={linkClass}>
            Manage Products
          </NavLink>
          <NavLink to="/discounts" className={linkClass}>
            Discounts
          </NavLink>
          <NavLink to="/permissions" className={linkClass}>
            Permissions
          </NavLink>
          <NavLink to="/audit" className={linkClass}>
            Audit log
          </NavLink>
          <span className="ml-auto text-sm text-slate-300">{user?.email}</span>
          <button
            type="button"
            onClick={() => void signOut()}
            className="rounded border border-slate-500 px-2 py-1 text-sm hover:bg-slate-700"
          >
            Sign out
          </button>
        </nav>
      </header>
      <main className="mx-auto max-w-[1080px] px-4 py-8">
        <StaffOutlet />
      </main>
      <Toasts />
    </>
  );
}
