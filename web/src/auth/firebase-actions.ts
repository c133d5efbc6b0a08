import { api } from '../../../shared/web/api.js';
import { firebaseAuth } from '../../../shared/web/firebase-auth.js';

/** Firebase Auth and its SDK functions, loaded on first use so the sign-in code stays out of the first load. */
async function sdk() {
  const [auth, fns] = await Promise.all([firebaseAuth(), import('firebase/auth')]);
  return { auth, ...fns };
}

const EMAIL_FOR_LINK_KEY = 'emailForSignIn';

export async function signInWithPassword(email: string, password: string): Promise<void> {
  const { auth, signInWithEmailAndPassword } = await sdk();
  await signInWithEmailAndPassword(auth, email.trim(), password);
}

/** Creates the account and e-mails the link confirming its address, which then leads on to `next`. */
export async function signUpWithPassword(
  input: { displayName: string; email: string; password: string },
  next: string,
): Promise<void> {
  const { auth, createUserWithEmailAndPassword, updateProfile } = await sdk();
  const { user } = await createUserWithEmailAndPassword(auth, input.email.trim(), input.password);
  if (input.displayName.trim()) {
    await updateProfile(user, { displayName: input.displayName.trim() });
    // A profile change fires no auth event; a fresh token does, so the app sees the name.
    await user.getIdToken(true);
  }
  // The account exists: a failed send must not fail sign-up (the next page offers to send it again).
  await sendVerificationEmail(next).catch((error) => console.error('Verification email not sent:', error));
}

/**
 * Has the shop e-mail the signed-in user a link confirming their address (to its own /auth/action page,
 * then on to `next`); the shop sends it through its outbox, the embedded one too.
 */
export async function sendVerificationEmail(next: string): Promise<void> {
  await api.sendVerificationEmail({ next });
}

/** Asks Auth whether the address was confirmed meanwhile (in another tab); a fresh token tells the app. */
export async function reloadUser(): Promise<boolean> {
  const { auth } = await sdk();
  if (!auth.currentUser) return false;
  await auth.currentUser.reload();
  await auth.currentUser.getIdToken(true);
  return auth.currentUser.emailVerified;
}

export async function checkResetCode(code: string): Promise<string> {
  const { auth, verifyPasswordResetCode } = await sdk();
  return verifyPasswordResetCode(auth, code);
}

export async function resetPassword(code: string, newPassword: string): Promise<void> {
  const { auth, confirmPasswordReset } = await sdk();
  await confirmPasswordReset(auth, code, newPassword);
}

export async function verifyEmail(code: string): Promise<void> {
  const { auth, applyActionCode } = await sdk();
  await applyActionCode(auth, code);
  await auth.currentUser?.reload();
}

/** Emails a sign-in link that opens /email-link-login and then goes on to `next`. */
export async function sendSignInLink(email: string, next: string): Promise<void> {
  const { auth, sendSignInLinkToEmail } = await sdk();
  const url = new URL('/email-link-login', window.location.origin);
  url.searchParams.set('next', next);
  await sendSignInLinkToEmail(auth, email.trim(), { url: url.toString(), handleCodeInApp: true });
  window.localStorage.setItem(EMAIL_FOR_LINK_KEY, email.trim());
}

export async function isSignInLink(href: string): Promise<boolean> {
  const { auth, isSignInWithEmailLink } = await sdk();
  return isSignInWithEmailLink(auth, href);
}

/** The email the link was sent to, when it was sent from this browser. */
export function emailForSignInLink(): string | null {
  return window.localStorage.getItem(EMAIL_FOR_LINK_KEY);
}

export async function completeSignInLink(email: string, href: string): Promise<void> {
  const { auth, signInWithEmailLink } = await sdk();
  await signInWithEmailLink(auth, email.trim(), href);
  window.localStorage.removeItem(EMAIL_FOR_LINK_KEY);
}

export async function changeDisplayName(displayName: string): Promise<void> {
  const { auth, updateProfile } = await sdk();
  if (!auth.currentUser)
    throw Object.assign(new Error('Not signed in'), { code: 'auth/requires-recent-login' });
  await updateProfile(auth.currentUser, { displayName: displayName.trim() });
}
