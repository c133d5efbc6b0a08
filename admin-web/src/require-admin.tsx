import { type ReactNode, useEffect } from 'react';
import { useAuth } from '../../shared/web/auth-context.js';
import { Spinner } from '../../shared/web/spinner.js';

/** The storefront's sign-in page, told to come back here afterwards. */
function loginUrl(): string {
  return `/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`;
}

/**
 * Mirrors the server's rule: only staff (the isAdmin claim, or a staff role) see the admin area; which of
 * its pages they see is StaffOutlet's to say.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const allowed = !!user?.role;
  useEffect(() => {
    if (user !== undefined && !allowed) window.location.replace(loginUrl());
  }, [user, allowed]);
  if (!allowed) return <Spinner />;
  return <>{children}</>;
}
