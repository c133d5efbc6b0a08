import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../../../shared/web/auth-context.js';
import { Spinner } from '../../../shared/web/spinner.js';
import { authPath } from './after-sign-in.js';

/** Signed-in only: a signed-out visitor, or one who signs out here, is sent to /login and brought back after. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const location = useLocation();
  if (user === undefined) return <Spinner />;
  if (user === null) return <Navigate to={authPath('/login', location.pathname + location.search)} replace />;
  return <>{children}</>;
}
