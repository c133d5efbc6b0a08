import { getAuth } from 'firebase-admin/auth';
import { describe, expect, it } from 'vitest';
import { AuthService } from '../../shared/backend/auth/auth-service.js';
import { firebaseApp } from '../../shared/backend/auth/firebase-app.js';
import { adminAppForFile } from '../support/admin-app.js';
import { adminAuth, emulatorHost, signIn, signUp, signUpAdmin, uniqueEmail } from '../support/auth-users.js';
import { jsonRequest } from '../support/test-app.js';

const ctx = adminAppForFile();

const call = (method: string, path: string, token: string, body?: unknown) =>
  ctx.t.app.request(`/api/admin/admins${path}`, jsonRequest(method, body, token));

const claimsOf = async (uid: string) => (await adminAuth().getUser(uid)).customClaims ?? {};

describe('/api/admin/admins', () => {
  it('grants admin by email, keeping the user’s other claims, and lists them', async () => {
    const shopper = await signUp();
    await adminAuth().setCustomUserClaims(shopper.uid, { tier: 'wholesale' });
    const response = await call('POST', '', ctx.admin.idToken, { email: shopper.email.toUpperCase() });
    expect(response.status).toBe(200);
    expect((await response.json()).admin).toMatchObject({ uid: shopper.uid, email: shopper.email });
    expect(await claimsOf(shopper.uid)).toEqual({ tier: 'wholesale', isAdmin: true });
    const list = await (await call('GET', '', ctx.admin.idToken)).json();
    expect(list.admins.map((a: { email: string }) => a.email)).toContain(shopper.email);
    const fresh = await signIn(shopper.email, shopper.password);
    expect((await call('GET', '', fresh)).status).toBe(200);
  });

  it('says the user must exist', async () => {
    const response = await call('POST', '', ctx.admin.idToken, { email: 'nobody-here@test.example' });
    expect(response.status).toBe(404);
    expect((await response.json()).error.message).toBe(
      'No account uses nobody-here@test.example; they must sign up first',
    );
  });

  it('names a malformed email', async () => {
    const response = await call('POST', '', ctx.admin.idToken, { email: 'not an email' });
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toEqual([
      { field: 'email', message: 'Enter a valid email address' },
    ]);
  });

  it('revokes admin, keeping other claims and ending the user’s sessions', async () => {
    const other = await signUpAdmin();
    await adminAuth().setCustomUserClaims(other.uid, { isAdmin: true, tier: 'staff' });
    await new Promise((r) => setTimeout(r, 1100)); // revocation is recorded with one-second precision
    const response = await call('DELETE', `/${encodeURIComponent(other.email)}`, ctx.admin.idToken);
    expect(response.status).toBe(200);
    expect(await claimsOf(other.uid)).toEqual({ tier: 'staff' });
    // Their old token, minted while they were admin, no longer opens admin routes.
    expect((await call('GET', '', other.idToken)).status).toBe(401);
  });

  it('will not let an admin demote themselves without confirming', async () => {
    const me = await signUpAdmin();
    await signUpAdmin(); // so that `me` is not the last admin
    const response = await call('DELETE', `/${encodeURIComponent(me.email)}`, me.idToken);
    expect(response.status).toBe(409);
    expect((await response.json()).error.message).toBe(
      'You are about to remove your own admin access; confirm it to go ahead',
    );
    expect((await claimsOf(me.uid)).isAdmin).toBe(true);
    const confirmed = await call('DELETE', `/${encodeURIComponent(me.email)}?self=confirm`, me.idToken);
    expect(confirmed.status).toBe(200);
    expect((await claimsOf(me.uid)).isAdmin).toBeUndefined();
  });

  it('refuses to remove the last admin', async () => {
    // A project of its own in the emulator, so that its one admin really is the last one.
    const config = { projectId: 'demo-last-admin', authEmulatorHost: emulatorHost() };
    const users = getAuth(firebaseApp(config));
    const email = uniqueEmail('last');
    const { uid } = await users.createUser({ email, password: 'last-admin-42' });
    await users.setCustomUserClaims(uid, { isAdmin: true, tier: 'owner' });
    const service = AuthService.fromConfig(config);
    expect((await service.listAdmins()).map((a) => a.uid)).toEqual([uid]);
    await expect(service.revokeAdmin(email)).rejects.toThrow('The last admin cannot be removed');
    expect((await users.getUser(uid)).customClaims).toEqual({ isAdmin: true, tier: 'owner' });
  });

  it('is for admins only', async () => {
    const shopper = await signUp();
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['POST', '', { email: shopper.email }],
      ['DELETE', `/${encodeURIComponent(ctx.admin.email)}`, undefined],
    ] as const) {
      expect((await call(method, path, shopper.idToken, body)).status).toBe(403);
    }
    expect(await claimsOf(shopper.uid)).toEqual({});
  });
});
