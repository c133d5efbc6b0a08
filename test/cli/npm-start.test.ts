import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../shared/backend/net.js';
import { tempDataDir } from '../support/cli.js';
import { TINY_PNG } from '../support/images.js';
import { at, listedProducts } from '../support/listed-products.js';
import {
  accepts,
  interrupt,
  type StartScript,
  spawnStartScript,
  npmStartEnv as startEnv,
} from '../support/shop-process.js';

function processTable(): { pid: number; ppid: number; zombie: boolean }[] {
  return execFileSync('ps', ['-A', '-o', 'pid=,ppid=,stat='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .map(([pid, ppid, stat]) => ({
      pid: Number(pid),
      ppid: Number(ppid),
      zombie: stat?.startsWith('Z') ?? false,
    }));
}

function descendants(pid: number): number[] {
  const table = processTable();
  const found: number[] = [];
  for (let i = -1; i < found.length; i++) {
    const parent = i < 0 ? pid : found[i];
    found.push(...table.filter((p) => p.ppid === parent).map((p) => p.pid));
  }
  return found;
}

const stillRunning = (pids: number[]) =>
  processTable()
    .filter((p) => pids.includes(p.pid) && !p.zombie)
    .map((p) => p.pid);

function banner(output: string) {
  const admin = /Admin sign-in: (\S+) \/ (\S+)/.exec(output);
  const emulator = /Auth emulator: http:\/\/(127\.0\.0\.1:(\d+))/.exec(output);
  expect(admin, output).not.toBeNull();
  expect(emulator, output).not.toBeNull();
  return {
    email: admin![1]!,
    password: admin![2]!,
    emulatorHost: emulator![1]!,
    emulatorPort: Number(emulator![2]),
  };
}

async function signIn(emulatorHost: string, email: string, password: string) {
  const response = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken: string; localId: string };
  expect(response.status, JSON.stringify(body)).toBe(200);
  const claims = JSON.parse(Buffer.from(body.idToken.split('.')[1]!, 'base64url').toString());
  return { idToken: body.idToken, uid: body.localId, isAdmin: claims.isAdmin === true };
}

async function products(url: string) {
  return listedProducts(at(url));
}

async function image(url: string, imgUrl: string) {
  const response = await fetch(new URL(imgUrl, url));
  expect(response.status, imgUrl).toBe(200);
  expect(response.headers.get('content-type'), imgUrl).toMatch(/^image\//);
  return Buffer.from(await response.arrayBuffer());
}

describe('npm start with nothing configured', () => {
  const data = tempDataDir('npm-start');
  const scripts: StartScript[] = [];
  const first = { password: '', uid: '', count: 0, seededImage: '', keptImage: '' };
  afterAll(async () => {
    await Promise.all(scripts.map(interrupt));
    data.remove();
  });

  it('starts its own Auth emulator, seeds the shop, prints how to sign in, and Ctrl-C stops all it started', async () => {
    const emulatorPort = await freePort();
    const shop = spawnStartScript(startEnv(data.dir, emulatorPort));
    scripts.push(shop);
    const url = await shop.ready;
    const printed = banner(shop.output());
    expect(printed.email).toBe('admin@helixpeptides.example');
    expect(printed.emulatorPort).toBe(emulatorPort);

    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<title>Helix Peptides');
    const seeded = await products(url);
    expect(seeded.length).toBeGreaterThanOrEqual(12);
    for (const product of seeded) {
      expect(product).toMatchObject({
        name: expect.stringMatching(/\S/),
        price: expect.any(Number),
        description: expect.stringMatching(/\S/),
        category: expect.stringMatching(/\S/),
        brand: expect.stringMatching(/\S/),
        imgUrl: expect.stringMatching(/^\/images\//),
      });
      expect(product.stock === null || Number.isInteger(product.stock), product.name).toBe(true);
      expect((await image(url, product.imgUrl)).length).toBeGreaterThan(100);
    }

    const admin = await signIn(printed.emulatorHost, printed.email, printed.password);
    expect(admin.isAdmin).toBe(true);
    const bearer = { authorization: `Bearer ${admin.idToken}` };
    const form = new FormData();
    form.append('image', new Blob([TINY_PNG], { type: 'image/png' }), 'vial.png');
    const upload = await fetch(`${url}/api/admin/images`, { method: 'POST', body: form, headers: bearer });
    expect(upload.status).toBe(201);
    const { url: keptImage } = (await upload.json()) as { url: string };
    const added = await fetch(`${url}/api/admin/products`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kept between runs 5mg', price: 21.5, imgUrl: keptImage }),
    });
    expect(added.status).toBe(201);
    Object.assign(first, {
      password: printed.password,
      uid: admin.uid,
      count: seeded.length + 1,
      seededImage: seeded[0]!.imgUrl,
      keptImage,
    });

    const started = descendants(shop.child.pid!);
    expect(started.length).toBeGreaterThan(0);
    expect(await interrupt(shop)).toBe(0);
    expect(await accepts(emulatorPort)).toBe(false);
    expect(await accepts(Number(new URL(url).port))).toBe(false);
    expect(stillRunning(started)).toEqual([]);
  }, 240_000);

  it('keeps the catalogue, images and accounts in the data folder for the next start', async () => {
    expect(first.uid, 'the first start must have run').not.toBe('');
    const shop = spawnStartScript(startEnv(data.dir, await freePort()));
    scripts.push(shop);
    const url = await shop.ready;
    expect(shop.output()).not.toContain('Seeded the sample catalogue');
    expect(shop.output()).not.toContain('Created the admin account');
    const printed = banner(shop.output());
    expect(printed.password).toBe(first.password);

    const listed = await products(url);
    expect(listed).toHaveLength(first.count);
    expect(listed.find((p) => p.name === 'Kept between runs 5mg')?.imgUrl).toBe(first.keptImage);
    expect(await image(url, first.keptImage)).toEqual(TINY_PNG);
    await image(url, first.seededImage);

    // The same account, not a new one with the same password.
    const admin = await signIn(printed.emulatorHost, printed.email, printed.password);
    expect(admin).toMatchObject({ uid: first.uid, isAdmin: true });
    expect(await interrupt(shop)).toBe(0);
  }, 240_000);
});

describe('npm start refusing an unsafe configuration', () => {
  const folders: ReturnType<typeof tempDataDir>[] = [];
  afterAll(() => {
    for (const data of folders) data.remove();
  });

  it.each([
    [
      'to listen off loopback with the Auth emulator',
      { HOST: '0.0.0.0' },
      'Could not start the shop: Refusing to listen on 0.0.0.0: in Auth emulator mode ID tokens are unsigned',
    ],
    [
      'to run the Auth emulator for a project that is not a demo- one',
      { GCLOUD_PROJECT: 'helix-prod' },
      'Could not start the shop: GCLOUD_PROJECT=helix-prod cannot be used with the Firebase Auth emulator: its ID tokens are unsigned',
    ],
  ])('refuses %s, says why and starts nothing', async (_, env, message) => {
    const data = tempDataDir('npm-start-refused');
    folders.push(data);
    const [emulatorPort, port] = [await freePort(), await freePort()];
    const shop = spawnStartScript(startEnv(data.dir, emulatorPort, { ...env, PORT: String(port) }));
    expect(await shop.exited).toBe(1);
    expect(shop.output()).toContain(message);
    expect(shop.output()).not.toContain('Starting the Firebase Auth emulator');
    expect(await accepts(emulatorPort)).toBe(false);
    expect(await accepts(port)).toBe(false);
    expect(existsSync(join(data.dir, 'shop.sqlite'))).toBe(false);
  });
});
