import { randomUUID } from 'node:crypto';
import { getAuth } from 'firebase-admin/auth';
import { inject } from 'vitest';
import { firebaseApp } from '../../shared/backend/auth/firebase-app.js';
import { TEST_PROJECT_ID } from './constants.js';

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

export const emulatorHost = () => inject('authEmulatorHost');
export const adminAuth = () =>
  getAuth(firebaseApp({ projectId: TEST_PROJECT_ID, authEmulatorHost: emulatorHost() }));

/**
 * The emulator's REST API, as the web SDK calls it. An API key always means the test project; another
 * project is reached with the emulator's owner credential, as the Admin SDK does.
 */
async function identityToolkit(action: string, body: Record<string, unknown>, projectId?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (projectId) headers.authorization = 'Bearer owner';
  const response = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:${action}?key=fake-api-key`,
    {
      method: 'POST',
      headers,
      body: JSON.stringify(projectId ? { ...body, targetProjectId: projectId } : body),
    },
  );
  const data = (await response.json()) as { idToken?: string; localId?: string; error?: { message: string } };
  if (!response.ok || !data.idToken || !data.localId)
    throw new Error(`${action} failed: ${data.error?.message}`);
  return { idToken: data.idToken, uid: data.localId };
}

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@test.example`;

/**
 * Signs a new user up through the emulator's REST API, as the web SDK would. The address is verified
 * (as if its owner had opened the link), since placing orders and staff work need that; pass
 * `{ verified: false }` for an account fresh from sign-up.
 */
export async function signUp(
  email = uniqueEmail(),
  password = 'correct-horse-42',
  { verified = true }: { verified?: boolean } = {},
): Promise<TestUser> {
  const { idToken, uid } = await identityToolkit('signUp', { email, password, returnSecureToken: true });
  if (!verified) return { uid, email, password, idToken };
  return withClaims({ uid, email, password, idToken }, null);
}

/** Marks the address verified and sets `claims` (null: leaves them), then signs in for a token carrying both. */
async function withClaims(user: TestUser, claims: Record<string, unknown> | null): Promise<TestUser> {
  await adminAuth().updateUser(user.uid, { emailVerified: true });
  if (claims) await adminAuth().setCustomUserClaims(user.uid, claims);
  return { ...user, idToken: await signIn(user.email, user.password) };
}

/** A fresh ID token for the user; `projectId` signs in to another project than the test run's. */
export async function signIn(email: string, password: string, projectId?: string): Promise<string> {
  return (
    await identityToolkit('signInWithPassword', { email, password, returnSecureToken: true }, projectId)
  ).idToken;
}

const staffMember = async (label: string, claims: Record<string, unknown>, verified: boolean) => {
  const user = await signUp(uniqueEmail(label), undefined, { verified: false });
  if (verified) return withClaims(user, claims);
  await adminAuth().setCustomUserClaims(user.uid, claims);
  return { ...user, idToken: await signIn(user.email, user.password) };
};

/** A verified user holding the isAdmin claim, with a fresh token that carries it. */
export const signUpAdmin = ({ verified = true } = {}): Promise<TestUser> =>
  staffMember('admin', { isAdmin: true }, verified);

/** A verified user holding the fulfilment role claim (orders only), with a fresh token that carries it. */
export const signUpFulfilment = ({ verified = true } = {}): Promise<TestUser> =>
  staffMember('packer', { role: 'fulfilment' }, verified);
