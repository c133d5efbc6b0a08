import { execFileSync, spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoverAuthExport } from '../../../shared/backend/auth/auth-export-folder.js';
import { type LeaseRecord, leaseFile } from '../../../shared/backend/auth/emulator-lease.js';
import { freePort } from '../../../shared/backend/net.js';
import { packageRoot } from '../../../shared/backend/paths.js';
import { cliEnv, shopInProcess, tempDataDir } from '../../support/cli.js';
import {
  accepts,
  interrupt,
  npmStartEnv,
  type StartScript,
  spawnStartScript,
} from '../../support/shop-process.js';

const PROJECT = 'demo-peptide-shop';

/** The emulator's REST API as the web SDK (with an API key) or firebase-admin (as owner) calls it. */
async function identityToolkit(host: string, action: string, body: object, { owner = false } = {}) {
  const path = owner ? `v1/projects/${PROJECT}/accounts:${action}` : `v1/accounts:${action}?key=web-api-key`;
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(owner ? { authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { idToken: string; localId: string; error?: { message: string } },
  };
}

async function signUp(host: string, email: string, password: string) {
  const { status, body } = await identityToolkit(host, 'signUp', {
    email,
    password,
    returnSecureToken: true,
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return { uid: body.localId, idToken: body.idToken };
}

/** The claims of a fresh ID token, or the emulator's error message when sign-in is refused. */
async function signIn(host: string, email: string, password: string) {
  const { body } = await identityToolkit(host, 'signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  if (body.error) return { refused: body.error.message };
  return JSON.parse(Buffer.from(body.idToken.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

const emulatorHostIn = (output: string) => /Auth emulator: http:\/\/(\S+)/.exec(output)![1]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 8000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Still not true after ${timeoutMs} ms: ${what}`);
    await sleep(100);
  }
}

/** Live processes whose command line names the folder: the emulator is started with its config there. */
function processesUsing(folder: string): string[] {
  return execFileSync('ps', ['-A', '-o', 'stat=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(folder) && !line.trim().startsWith('Z'));
}

/** kill -9 of the whole process group, as a crash of the terminal session or the machine would. */
async function killGroup(script: StartScript) {
  process.kill(-script.child.pid!, 'SIGKILL');
  expect(await script.exited).toBe(null);
}

describe('npm start killed with kill -9', () => {
  const data = tempDataDir('auth-crash');
  const scripts: StartScript[] = [];
  afterAll(async () => {
    await Promise.all(scripts.map(interrupt));
    data.remove();
  });
  const start = async (emulatorPort: number) => {
    const script = spawnStartScript(npmStartEnv(data.dir, emulatorPort), { ownGroup: true });
    scripts.push(script);
    await script.ready;
    return { script, host: emulatorHostIn(script.output()) };
  };

  it('takes its Auth emulator down with it, and the next start signs in every account as it was 2 s before the kill', async () => {
    const emulatorPort = await freePort();
    const first = await start(emulatorPort);
    await signUp(first.host, 'shopper@crash.example', 'shopper-pass-1');
    const staff = await signUp(first.host, 'staff@crash.example', 'staff-pass-1');
    const claims = await identityToolkit(
      first.host,
      'update',
      { localId: staff.uid, customAttributes: JSON.stringify({ role: 'fulfilment' }) },
      { owner: true },
    );
    expect(claims.status).toBe(200);
    const mover = await signUp(first.host, 'mover@crash.example', 'old-pass-1');
    const changed = await identityToolkit(first.host, 'update', {
      idToken: mover.idToken,
      password: 'new-pass-2',
      returnSecureToken: true,
    });
    expect(changed.status).toBe(200);
    const leaver = await signUp(first.host, 'leaver@crash.example', 'leaver-pass-1');
    expect((await identityToolkit(first.host, 'delete', { idToken: leaver.idToken })).status).toBe(200);

    await sleep(2000);
    await killGroup(first.script);
    // An exiting process loses its command line before its sockets, so both are awaited.
    await eventually(
      async () => processesUsing(data.dir).length === 0 && !(await accepts(emulatorPort)),
      'the Auth emulator has exited and freed its port',
      5000,
    );

    const second = await start(emulatorPort);
    expect(second.host).toBe(`127.0.0.1:${emulatorPort}`);
    expect(await signIn(second.host, 'shopper@crash.example', 'shopper-pass-1')).toMatchObject({
      email: 'shopper@crash.example',
    });
    expect(await signIn(second.host, 'staff@crash.example', 'staff-pass-1')).toMatchObject({
      user_id: staff.uid,
      role: 'fulfilment',
    });
    expect(await signIn(second.host, 'mover@crash.example', 'new-pass-2')).toMatchObject({
      user_id: mover.uid,
    });
    expect(await signIn(second.host, 'mover@crash.example', 'old-pass-1')).toEqual({
      refused: 'INVALID_PASSWORD',
    });
    expect(await signIn(second.host, 'leaver@crash.example', 'leaver-pass-1')).toEqual({
      refused: 'EMAIL_NOT_FOUND',
    });
    const admin = /Admin sign-in: (\S+) \/ (\S+)/.exec(second.script.output())!;
    expect(await signIn(second.host, admin[1]!, admin[2]!)).toMatchObject({ isAdmin: true });
    expect(second.script.errors()).toBe('');
  }, 240_000);
});

describe('npm start on a data folder whose disk is full', () => {
  // A real full disk: a 2 MB tmpfs holds the whole data folder (the shop needs about 0.5 MB).
  const mount = mkdtempSync(join(tmpdir(), 'shop-full-disk-'));
  beforeAll(() => {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mount]);
  });
  const filler = join(mount, 'filler');
  const accounts = join(mount, 'auth-export', 'auth_export', 'accounts.json');
  const scripts: StartScript[] = [];
  afterAll(async () => {
    await Promise.all(scripts.map(interrupt));
    execFileSync('umount', [mount]);
    rmSync(mount, { recursive: true, force: true });
  });
  const start = async () => {
    const script = spawnStartScript(npmStartEnv(mount, await freePort()), { ownGroup: true });
    scripts.push(script);
    await script.ready;
    return { script, host: emulatorHostIn(script.output()) };
  };
  const fillDisk = () => {
    const fd = openSync(filler, 'a');
    try {
      for (const size of [65_536, 4096, 512])
        for (;;)
          try {
            writeSync(fd, Buffer.alloc(size));
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
            break;
          }
    } finally {
      closeSync(fd);
    }
  };
  const saved = () => (existsSync(accounts) ? readFileSync(accounts, 'utf8') : '');

  it('says on stderr why the accounts cannot be saved, keeps the last complete save, and saves once there is room', async () => {
    const first = await start();
    await signUp(first.host, 'before@full.example', 'before-pass-1');
    await eventually(() => saved().includes('before@full.example'), 'the first account is saved');

    fillDisk();
    await signUp(first.host, 'during@full.example', 'during-pass-1');
    await eventually(
      () => first.script.errors().includes('Could not save the Auth accounts'),
      'it is reported',
    );
    expect(first.script.errors()).toContain('ENOSPC: no space left on device');
    expect(first.script.errors()).toContain(join(mount, 'auth-export'));
    // The save in place is whole and untouched: the half-written one is beside it.
    expect(JSON.parse(saved()).users.map((u: { email: string }) => u.email)).not.toContain(
      'during@full.example',
    );
    expect(saved()).toContain('before@full.example');

    rmSync(filler);
    await eventually(() => saved().includes('during@full.example'), 'the retry saves the account');
    await eventually(
      () => first.script.errors().includes('Auth accounts saved to'),
      'the recovery is reported',
    );

    // Full again, and killed while a save is failing: the next start imports the last complete one.
    fillDisk();
    await signUp(first.host, 'lost@full.example', 'lost-pass-1');
    await eventually(
      () => first.script.errors().split('Could not save the Auth accounts').length > 2,
      'the second failure is reported',
    );
    await killGroup(first.script);
    rmSync(filler);
    const second = await start();
    expect(await signIn(second.host, 'before@full.example', 'before-pass-1')).toMatchObject({
      email: 'before@full.example',
    });
    expect(await signIn(second.host, 'during@full.example', 'during-pass-1')).toMatchObject({
      email: 'during@full.example',
    });
    expect(second.script.errors()).toBe('');
  }, 240_000);
});

describe('an Auth accounts save killed part way', () => {
  const data = tempDataDir('auth-save-kill');
  afterAll(() => data.remove());
  const folder = join(data.dir, 'auth-export');
  // Saves generation after generation (about 1 MB each), printing each number once it is saved.
  const saver = `
    const { writeAuthExport } = await import(${JSON.stringify(join(packageRoot(), 'dist/node/shared/backend/auth/auth-export-folder.js'))});
    for (let generation = 1; ; generation++) {
      const users = Array.from({ length: 5000 }, (_, i) => ({ localId: 'u' + i, email: 'u' + i + '@kill.example', generation }));
      await writeAuthExport(${JSON.stringify(folder)}, { accounts: JSON.stringify({ users }), config: '{}', cliVersion: 'test' });
      process.stdout.write(generation + '\\n');
    }`;

  it('leaves the last complete save for the next start, wherever the kill lands', async () => {
    let interrupted = 0;
    for (let round = 0; round < 12; round++) {
      const child = spawn(process.execPath, ['--input-type=module', '-e', saver], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let printed = '';
      child.stdout.on('data', (chunk: Buffer) => {
        printed += chunk.toString();
      });
      await eventually(() => printed.includes('\n'), 'a first save');
      await sleep(Math.random() * 150);
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('close', resolve));
      const lastSaved = Math.max(...printed.trim().split('\n').map(Number));

      if (existsSync(`${folder}.next`) || existsSync(`${folder}.prev`)) interrupted++;
      recoverAuthExport(folder);
      expect(readdirSync(data.dir)).toEqual(['auth-export']);
      const users = JSON.parse(readFileSync(join(folder, 'auth_export', 'accounts.json'), 'utf8')).users;
      expect(users).toHaveLength(5000);
      // A save that was renamed in just before the kill, before it could be printed, may be the one kept.
      expect(users[0].generation).toBeGreaterThanOrEqual(lastSaved);
      expect(users[0].generation).toBeLessThanOrEqual(lastSaved + 1);
      expect(existsSync(join(folder, 'firebase-export-metadata.json'))).toBe(true);
    }
    expect(interrupted, 'kills that landed in the middle of a save').toBeGreaterThan(0);
  }, 120_000);
});

describe('a shop command killed with kill -9 while it runs its own Auth emulator', () => {
  const data = tempDataDir('auth-cli-kill');
  afterAll(() => data.remove());
  const lease = () =>
    existsSync(leaseFile(data.dir))
      ? (JSON.parse(readFileSync(leaseFile(data.dir), 'utf8')) as LeaseRecord)
      : null;

  it('takes the emulator down with it, keeps the accounts it saved, and the next command starts afresh', async () => {
    const command = spawn(
      join(packageRoot(), 'bin', 'shop'),
      ['--data', data.dir, 'seed', '--products', '0', '--users', '1000', '--seed', 'killed'],
      { env: cliEnv(), stdio: 'ignore', detached: true },
    );
    const closed = new Promise((resolve) => command.once('close', resolve));
    await eventually(() => Boolean(lease()?.host), 'the command has started its emulator', 120_000);
    const emulatorPort = Number(lease()!.host!.split(':')[1]);
    await sleep(3000);
    process.kill(-command.pid!, 'SIGKILL');
    await closed;
    await eventually(
      async () => processesUsing(data.dir).length === 0 && !(await accepts(emulatorPort)),
      'the Auth emulator has exited and freed its port',
      5000,
    );
    const saved = JSON.parse(
      readFileSync(join(data.dir, 'auth-export', 'auth_export', 'accounts.json'), 'utf8'),
    );
    expect(saved.users.length, 'customers created a second before the kill').toBeGreaterThan(0);
    expect(saved.users.length, 'the command was killed part way').toBeLessThan(1000);

    const next = await shopInProcess(data.dir, [
      '--json',
      'seed',
      '--products',
      '0',
      '--users',
      '3',
      '--seed',
      'killed',
    ]);
    expect(next.exitCode, next.stderr).toBe(0);
    expect(JSON.parse(next.stdout).users).toEqual({ created: 0, alreadyThere: 3 });
  }, 240_000);
});
