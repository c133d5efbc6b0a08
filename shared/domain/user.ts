/** The signed-in identity as the apps see it; `isAdmin` comes from the token's custom claims. */
export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  emailVerified: boolean;
  isAdmin: boolean;
}

/** undefined while the sign-in state is unknown, null when signed out. */
export type UserState = SessionUser | null | undefined;
