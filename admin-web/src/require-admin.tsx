import { type ReactNode, useEffect } from 'react';
import { useAuth } from '../../shared/web/auth-context.js';
import { Spinner } from '../../shared/web/spinner.js';

/** The storefront's sign-in page, told to come back here afterwards. */
function loginUrl(): string {
  return `/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`;
}

/** Mirrors the server's rule: only users with the isAdmin claim see the admin area. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const allowed = user?.isAdmin === true;
  useEffect(() => {
    if (user !== undefined && !allowed) window.location.replace(loginUrl());
  }, [user, allowed]);
  if (!allowed) return <Spinner />;
  return <>{children}</>;
}
