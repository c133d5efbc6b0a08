import { randomUUID } from 'node:crypto';
import { type Auth, getAuth } from 'firebase-admin/auth';
import { describe, expect, it } from 'vitest';
import { AuthService } from '../../shared/backend/auth/auth-service.js';
import { firebaseApp } from '../../shared/backend/auth/firebase-app.js';
import { adminAppForFile } from '../support/admin-app.js';
import { adminAuth, emulatorHost, signIn, signUp, signUpAdmin, uniqueEmail } from '../support/auth-users.js';
import { createTestApp, jsonRequest } from '../support/test-app.js';

const ctx = adminAppForFile();

const call = (method: string, path: string, token: string, body?: unknown) =>
  ctx.t.app.request(`/api/admin/admins${path}`, jsonRequest(method, body, token));

const claimsOf = async (uid: string) => (await adminAuth().getUser(uid)).customClaims ?? {};

const LAST_ADMIN = 'The last admin cannot be removed';

/** A project of its own in the emulator, so that the admins made in it are the only ones. */
function isolatedProject() {
  const config = { projectId: `demo-admins-${randomUUID().slice(0, 8)}`, authEmulatorHost: emulatorHost() };
  const users = getAuth(firebaseApp(config));
  return {
    config,
    users,
    claimsOf: async (uid: string) => (await users.getUser(uid)).customClaims ?? {},
    async addAdmin(label: string) {
      const [email, password] = [uniqueEmail(label), 'admin-pass-42'];
      const { uid } = await users.createUser({ email, password, emailVerified: true });
      await users.setCustomUserClaims(uid, { isAdmin: true, tier: 'owner' });
      return { uid, email, password };
    },
  };
}

/** Holds the first two claim writes until both are made, so two revokes overlap at their worst. */
function overlappingClaimWrites(auth: Auth): Auth {
  let held = 0;
  let releaseBoth!: () => void;
  const bothMade = new Promise<void>((resolve) => {
    releaseBoth = resolve;
  });
  return new Proxy(auth, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property !== 'setCustomUserClaims') return typeof value === 'function' ? value.bind(target) : value;
      return async (...args: Parameters<Auth['setCustomUserClaims']>) => {
        if (held < 2) {
          held += 1;
          if (held === 2) releaseBoth();
          await bothMade;
        }
        return target.setCustomUserClaims(...args);
      };
    },
  });
}

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
    const project = isolatedProject();
    const last = await project.addAdmin('last');
    const service = AuthService.fromConfig(project.config);
    expect((await service.listAdmins()).map((a) => a.uid)).toEqual([last.uid]);
    await expect(service.revokeAdmin(last.email)).rejects.toThrow(LAST_ADMIN);
    expect(await project.claimsOf(last.uid)).toEqual({ isAdmin: true, tier: 'owner' });
  });

  it('refuses over HTTP to remove the last admin, even when they confirm removing themselves', async () => {
    const project = isolatedProject();
    const app = createTestApp({}, { SHOP_PROJECT_ID: project.config.projectId });
    try {
      const [me, other] = [await project.addAdmin('me'), await project.addAdmin('other')];
      const token = await signIn(me.email, me.password, project.config.projectId);
      const revoke = (email: string) =>
        app.app.request(
          `/api/admin/admins/${encodeURIComponent(email)}?self=confirm`,
          jsonRequest('DELETE', undefined, token),
        );
      await new Promise((r) => setTimeout(r, 1100)); // revocation is recorded with one-second precision
      expect((await revoke(other.email)).status).toBe(200);
      const response = await revoke(me.email);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ error: { code: 'conflict', message: LAST_ADMIN } });
      expect(await project.claimsOf(me.uid)).toEqual({ isAdmin: true, tier: 'owner' });
      // Still an admin with the same session: the refused change signed nobody out.
      const list = await app.app.request('/api/admin/admins', jsonRequest('GET', undefined, token));
      expect((await list.json()).admins.map((a: { email: string }) => a.email)).toEqual([me.email]);
    } finally {
      await app.close();
    }
  });

  it.each([
    { how: 'as they come', auth: (auth: Auth) => auth },
    { how: 'with both claim writes made before either is checked', auth: overlappingClaimWrites },
  ])('keeps at least one of two admins who revoke each other at once ($how)', async ({ auth }) => {
    const project = isolatedProject();
    const [a, b] = [await project.addAdmin('a'), await project.addAdmin('b')];
    const before = await Promise.all([a, b].map((x) => project.users.getUser(x.uid)));
    await new Promise((r) => setTimeout(r, 1100)); // revocation is recorded with one-second precision
    const service = new AuthService(auth(project.users));
    const results = await Promise.allSettled([service.revokeAdmin(a.email), service.revokeAdmin(b.email)]);
    const kept = [a, b].filter((_, i) => results[i]!.status === 'rejected');
    expect(kept.length).toBeGreaterThanOrEqual(1);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as Error).message).toBe(LAST_ADMIN);
    // Each refused revoke left its admin exactly as they were; each accepted one removed its admin.
    const admins = await AuthService.fromConfig(project.config).listAdmins();
    expect(admins.map((x) => x.uid).sort()).toEqual(kept.map((x) => x.uid).sort());
    for (const admin of kept) {
      const now = await project.users.getUser(admin.uid);
      expect(now.customClaims).toEqual({ isAdmin: true, tier: 'owner' });
      // A refused revoke signs nobody out.
      expect(now.tokensValidAfterTime).toBe(before.find((x) => x.uid === admin.uid)!.tokensValidAfterTime);
    }
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
