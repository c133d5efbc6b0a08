import type { User } from 'firebase/auth';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { holdsAdminClaim } from '../domain/admin-claim.js';
import { staffRoleOf } from '../domain/staff-role.js';
import type { SessionUser, UserState } from '../domain/user.js';
import { firebaseAuth } from './firebase-auth.js';

interface AuthContextValue {
  /** undefined while unknown, null when signed out. */
  user: UserState;
  signOut(): Promise<void>;
  /** Re-reads the token so changed claims (isAdmin, role) take effect now. */
  refreshClaims(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

async function toSessionUser(user: User, forceRefresh = false): Promise<SessionUser> {
  const token = await user.getIdTokenResult(forceRefresh);
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoURL,
    emailVerified: user.emailVerified,
    isAdmin: holdsAdminClaim(token.claims),
    role: staffRoleOf(token.claims),
  };
}

/**
 * Follows Firebase Auth's state. `start` says when to load Auth: the storefront waits until the
 * page is idle so the catalogue paints first; the admin app starts at once.
 */
export function AuthProvider({ children, start = 'now' }: { children: ReactNode; start?: 'now' | 'idle' }) {
  const [user, setUser] = useState<UserState>(undefined);

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    const begin = async () => {
      const [auth, { onIdTokenChanged }] = await Promise.all([firebaseAuth(), import('firebase/auth')]);
      if (cancelled) return;
      unsubscribe = onIdTokenChanged(auth, (next) => {
        if (!next) setUser(null);
        else void toSessionUser(next).then(setUser, () => setUser(null));
      });
    };
    const fail = (error: unknown) => {
      console.error('Sign-in is unavailable:', error);
      setUser(null);
    };
    if (start === 'idle' && 'requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(() => void begin().catch(fail), { timeout: 1500 });
      return () => {
        cancelled = true;
        window.cancelIdleCallback(handle);
        unsubscribe?.();
      };
    }
    void begin().catch(fail);
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [start]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      signOut: async () => {
        try {
          const [auth, { signOut }] = await Promise.all([firebaseAuth(), import('firebase/auth')]);
          await signOut(auth);
        } catch (error) {
          console.error('Sign-out failed:', error);
        }
      },
      refreshClaims: async () => {
        const auth = await firebaseAuth();
        if (auth.currentUser) setUser(await toSessionUser(auth.currentUser, true));
      },
    }),
    [user],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
