import { firebaseAuth } from '../../../shared/web/firebase-auth.js';

/** Firebase Auth and its SDK functions, loaded on first use so the sign-in code stays out of the first load. */
async function sdk() {
  const [auth, fns] = await Promise.all([firebaseAuth(), import('firebase/auth')]);
  return { auth, ...fns };
}

const EMAIL_FOR_LINK_KEY = 'emailForSignIn';

/** Verification links come back to the shop; continueUrl says where to go after. (Reset links: password-reset-request.ts.) */
const continueTo = (path: string) => ({ url: new URL(path, window.location.origin).toString() });

export async function signInWithPassword(email: string, password: string): Promise<void> {
  const { auth, signInWithEmailAndPassword } = await sdk();
  await signInWithEmailAndPassword(auth, email.trim(), password);
}

export async function signUpWithPassword(input: {
  displayName: string;
  email: string;
  password: string;
}): Promise<void> {
  const { auth, createUserWithEmailAndPassword, updateProfile, sendEmailVerification } = await sdk();
  const { user } = await createUserWithEmailAndPassword(auth, input.email.trim(), input.password);
  if (input.displayName.trim()) {
    await updateProfile(user, { displayName: input.displayName.trim() });
    // A profile change fires no auth event; a fresh token does, so the app sees the name.
    await user.getIdToken(true);
  }
  // Verification is a courtesy; the account works without it, so a failed send must not fail sign-up.
  await sendEmailVerification(user, continueTo('/settings')).catch((error) =>
    console.error('Verification email not sent:', error),
  );
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

export async function resendVerification(): Promise<void> {
  const { auth, sendEmailVerification } = await sdk();
  if (!auth.currentUser)
    throw Object.assign(new Error('Not signed in'), { code: 'auth/requires-recent-login' });
  await sendEmailVerification(auth.currentUser, continueTo('/settings'));
}
