import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeNext } from '../../../shared/domain/safe-next.js';
import { useAuth } from '../../../shared/web/auth-context.js';

export { safeNext };

/** The page's `next` parameter, made safe. */
export function useNextPath(fallback = '/'): string {
  const [params] = useSearchParams();
  const next = params.get('next');
  return next ? safeNext(next) : fallback;
}

/** A link to an auth screen that keeps `next` so the shopper still ends up where they were going. */
export function authPath(screen: string, next: string): string {
  return next === '/' ? screen : `${screen}?next=${encodeURIComponent(next)}`;
}

/**
 * Returns a function to call once sign-in succeeded. It moves on only when the auth context has the
 * user, so the next page never sees the stale signed-out state and bounces back to /login.
 * The admin app is a separate app, so going there is a full page load.
 */
export function useAfterSignIn(next: string): () => void {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    if (!signedIn || !user) return;
    if (next === '/admin' || next.startsWith('/admin/')) window.location.assign(next);
    else navigate(next, { replace: true });
  }, [signedIn, user, next, navigate]);
  return useCallback(() => setSignedIn(true), []);
}
