import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthEmulatorLease,
  acquireAuthEmulator,
  leaseFile,
} from '../../../shared/backend/auth/emulator-lease.js';
import { firebaseApp } from '../../../shared/backend/auth/firebase-app.js';
import { shopInProcess, shopProcess, tempDataDir } from '../../support/cli.js';
import { TEST_PROJECT_ID } from '../../support/constants.js';

interface Admin {
  uid: string;
  email: string;
}

describe('shop admins, while a shop (npm start) holds the data folder’s Auth emulator', () => {
  const data = tempDataDir('admins');
  let lease: AuthEmulatorLease;
  const shop = (...args: string[]) => shopInProcess(data.dir, args);
  const admins = async () => (await shop('admins', 'list')).data as Admin[];

  beforeAll(async () => {
    // What `npm start` does: a shared lease other processes may borrow.
    lease = await acquireAuthEmulator({ dataDir: data.dir, projectId: TEST_PROJECT_ID, shared: true });
  });
  afterAll(async () => {
    await lease.release();
    data.remove();
  });

  it('grants, lists and revokes, keeping other claims and never removing the last admin', async () => {
    expect(await admins()).toEqual([]);
    const none = await shop('admins', 'list');
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('No admins yet: shop admins grant <email> makes one.');
    const seeded = await shop('seed', '--products', '0', '--users', '2', '--seed', 'adm');
    expect(seeded.exitCode, seeded.stderr).toBe(0);
    expect(seeded.stderr).not.toContain('Starting the Firebase Auth emulator');
    const [ada, bob] = ['customer1.seed-adm@example.com', 'customer2.seed-adm@example.com'];

    // The in-process CLI closes firebase-admin apps when it ends, so each use makes a fresh one.
    const auth = () => getAuth(firebaseApp({ projectId: TEST_PROJECT_ID, authEmulatorHost: lease.host }));
    const adaUser = await auth().getUserByEmail(ada);
    await auth().setCustomUserClaims(adaUser.uid, { tier: 'gold' });

    const granted = await shop('admins', 'grant', ` ${ada} `);
    expect(granted.exitCode, granted.stderr).toBe(0);
    expect(granted.stderr).toContain(`${ada} is now an admin`);
    expect(granted.stderr).not.toContain('has not verified');
    expect((await admins()).map((a) => a.email)).toEqual([ada]);
    expect((await auth().getUser(adaUser.uid)).customClaims).toEqual({ tier: 'gold', isAdmin: true });

    const last = await shop('admins', 'revoke', ada);
    expect(last.exitCode).toBe(1);
    expect(last.stderr).toContain('The last admin cannot be removed');
    expect((await admins()).map((a) => a.email)).toEqual([ada]);

    const bobBefore = await auth().getUserByEmail(bob);
    const notAdmin = await shop('admins', 'revoke', bob);
    expect(notAdmin.exitCode, notAdmin.stderr).toBe(0);
    expect(notAdmin.stderr).toContain(`${bob} is not staff; nothing changed.`);
    // a customer who never was an admin keeps their sessions
    expect((await auth().getUser(bobBefore.uid)).tokensValidAfterTime).toBe(bobBefore.tokensValidAfterTime);

    await shop('admins', 'grant', bob);
    expect((await shop('admins', 'grant', bob)).stderr).toContain(
      `${bob} is already an admin; nothing changed.`,
    );
    const revoked = await shop('admins', 'revoke', ada);
    expect(revoked.exitCode, revoked.stderr).toBe(0);
    expect((await admins()).map((a) => a.email)).toEqual([bob]);
    expect((await auth().getUser(adaUser.uid)).customClaims).toEqual({ tier: 'gold' });
  });

  it('says so when the account granted has not verified its e-mail address (the admin area stays closed to it)', async () => {
    const auth = () => getAuth(firebaseApp({ projectId: TEST_PROJECT_ID, authEmulatorHost: lease.host }));
    const email = 'unconfirmed.staff@example.com';
    await auth().createUser({ email, password: 'staff-pass-1' });
    const granted = await shop('admins', 'grant', email, '--role', 'fulfilment');
    expect(granted.exitCode, granted.stderr).toBe(0);
    expect(granted.stderr).toContain(
      `${email} has not verified this email address yet: the admin area stays closed to them until they open the verification link`,
    );
    expect((granted.data as { account: { emailVerified: boolean } }).account.emailVerified).toBe(false);
    await shop('admins', 'revoke', email);
  });

  it('grants and revokes the fulfilment role, lists each member of staff’s role, never demoting the last full admin', async () => {
    const seeded = await shop('seed', '--products', '0', '--users', '2', '--seed', 'rol');
    expect(seeded.exitCode, seeded.stderr).toBe(0);
    const [cyd, dee] = ['customer1.seed-rol@example.com', 'customer2.seed-rol@example.com'];
    const auth = () => getAuth(firebaseApp({ projectId: TEST_PROJECT_ID, authEmulatorHost: lease.host }));
    const cydUser = await auth().getUserByEmail(cyd);
    await auth().setCustomUserClaims(cydUser.uid, { tier: 'gold' });

    const granted = await shop('admins', 'grant', '--role', 'fulfilment', cyd);
    expect(granted.exitCode, granted.stderr).toBe(0);
    expect(granted.stderr).toContain(`${cyd} is now fulfilment staff (orders only)`);
    expect((await auth().getUser(cydUser.uid)).customClaims).toEqual({ tier: 'gold', role: 'fulfilment' });
    expect((await shop('admins', 'grant', cyd, '--role', 'fulfilment')).stderr).toContain(
      `${cyd} is already fulfilment staff (orders only); nothing changed.`,
    );

    const staff = (await admins()) as (Admin & { role: string })[];
    expect(staff.find((a) => a.email === cyd)?.role).toBe('fulfilment');
    expect(staff.filter((a) => a.role === 'admin').length).toBeGreaterThanOrEqual(1);
    const table = await shop('admins', 'list');
    const row = (email: string) => table.stdout.split('\n').find((line) => line.includes(email)) ?? '';
    expect(table.stdout).toMatch(/email\W+role\W+uid/);
    expect(row(cyd)).toContain('Fulfilment');
    for (const a of staff.filter((x) => x.role === 'admin')) expect(row(a.email)).toContain('Full admin');

    const badRole = await shop('admins', 'grant', '--role', 'owner', dee);
    expect(badRole.exitCode).toBe(2);
    expect(badRole.stderr).toContain('Allowed choices are admin, fulfilment');

    // The only full admin cannot become fulfilment staff; a fulfilment member does not count as one.
    const [onlyAdmin] = staff.filter((a) => a.role === 'admin');
    for (const other of staff.filter((a) => a.role === 'admin' && a !== onlyAdmin))
      await shop('admins', 'revoke', other.email);
    const demote = await shop('admins', 'grant', '--role', 'fulfilment', onlyAdmin!.email);
    expect(demote.exitCode).toBe(1);
    expect(demote.stderr).toContain('The last admin cannot be removed');
    expect((await auth().getUserByEmail(onlyAdmin!.email)).customClaims).toMatchObject({ isAdmin: true });

    const revoked = await shop('admins', 'revoke', cyd);
    expect(revoked.exitCode, revoked.stderr).toBe(0);
    expect(revoked.stderr).toContain(`${cyd} is no longer staff; their sessions were signed out.`);
    expect((await auth().getUser(cydUser.uid)).customClaims).toEqual({ tier: 'gold' });
    expect((await admins()).map((a) => a.email)).not.toContain(cyd);
  });

  it('waits for a lease another process holds unshared, then gives up naming it', async () => {
    const other = tempDataDir('lease');
    try {
      mkdirSync(dirname(leaseFile(other.dir)), { recursive: true });
      const holder = { pid: process.pid, host: null, hubPort: null, shared: false, startedAt: '' };
      writeFileSync(leaseFile(other.dir), JSON.stringify(holder));
      let waited = false;
      const attempt = acquireAuthEmulator({
        dataDir: other.dir,
        projectId: TEST_PROJECT_ID,
        shared: false,
        timeoutMs: 600,
        onWait: () => {
          waited = true;
        },
      });
      await expect(attempt).rejects.toThrow(`Another process (pid ${process.pid}) holds the Auth emulator`);
      expect(waited).toBe(true);
    } finally {
      other.remove();
    }
  });

  it('names an unknown account (exit 1) and a malformed address (exit 2)', async () => {
    const unknown = await shop('admins', 'grant', 'nobody@example.com');
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toContain('No account uses nobody@example.com; they must sign up first');
    const malformed = await shop('admins', 'grant', 'not-an-email');
    expect(malformed.exitCode).toBe(2);
    expect(malformed.stderr).toContain('"not-an-email" is not an e-mail address');
  });
});

describe('shop admins on a data folder with no running emulator', () => {
  const data = tempDataDir('admins-own');
  afterAll(() => data.remove());
  const shop = (...args: string[]) => shopProcess(['--data', data.dir, ...args]);

  it('starts its own emulator, taking over a dead process’s lease, and keeps accounts between runs', async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    mkdirSync(dirname(leaseFile(data.dir)), { recursive: true });
    writeFileSync(
      leaseFile(data.dir),
      JSON.stringify({ pid: dead, host: '127.0.0.1:1', hubPort: 1, shared: true, startedAt: '' }),
    );
    const seeded = await shop('seed', '--products', '1', '--users', '1', '--seed', 'own');
    expect(seeded.exitCode, seeded.stderr).toBe(0);
    expect(seeded.stderr).toContain('Starting the Firebase Auth emulator');
    expect(existsSync(leaseFile(data.dir))).toBe(false);

    // The account from the first run is still there: the emulator exported it on the way out.
    const granted = await shop('admins', 'grant', 'customer1.seed-own@example.com');
    expect(granted.exitCode, granted.stderr).toBe(0);
    expect(existsSync(leaseFile(data.dir))).toBe(false);
    const accounts = readFileSync(join(data.dir, 'auth-export', 'auth_export', 'accounts.json'), 'utf8');
    expect(JSON.parse(accounts).users).toEqual([
      expect.objectContaining({
        email: 'customer1.seed-own@example.com',
        customAttributes: '{"isAdmin":true}',
      }),
    ]);
  }, 180_000);

  it('refuses to start an emulator for a project that is not a demo- one', async () => {
    const result = await shopInProcess(data.dir, ['admins', 'grant', 'ada@example.com'], {
      SHOP_PROJECT_ID: 'helix-prod',
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(
      'SHOP_PROJECT_ID=helix-prod cannot be used with the Firebase Auth emulator: its ID tokens are unsigned',
    );
    expect(result.stderr).not.toContain('Starting the Firebase Auth emulator');
  });
});
