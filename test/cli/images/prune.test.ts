import { existsSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFile, imagesDir } from '../../../shared/backend/config.js';
import { DiskImageStore } from '../../../shared/backend/images/disk/disk-image-store.js';
import type { PruneResult } from '../../../shared/backend/images/prune-unused.js';
import { openFirestoreStore } from '../../../shared/backend/store/firestore/firestore-store.js';
import { openSqliteStore } from '../../../shared/backend/store/sqlite/sqlite-store.js';
import { newProductSchema } from '../../../shared/domain/product.js';
import { emulatorHost, uniqueEmail } from '../../support/auth-users.js';
import { shopProcess, tempDataDir } from '../../support/cli.js';
import { startFakeCloudStorage } from '../../support/fake-cloud-storage.js';
import { freshProjectId, startFirestoreEmulator } from '../../support/firestore-emulator.js';
import { TINY_PNG } from '../../support/images.js';
import { interrupt, spawnStartScript } from '../../support/shop-process.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('shop images prune, spawned', () => {
  const data = tempDataDir('images');
  const dir = imagesDir({ dataDir: data.dir });
  const shop = (...args: string[]) => shopProcess(['--data', data.dir, ...args]);
  const exists = (name: string) => existsSync(join(dir, name));
  const images: Record<'shown' | 'old' | 'sixHours' | 'fresh', string> = {
    shown: '',
    old: '',
    sixHours: '',
    fresh: '',
  };

  beforeAll(async () => {
    const store = openSqliteStore({ file: databaseFile({ dataDir: data.dir }) });
    const disk = new DiskImageStore(dir);
    const ages = { shown: 72 * HOUR, old: 48 * HOUR, sixHours: 6 * HOUR, fresh: 0 };
    for (const key of Object.keys(ages) as (keyof typeof ages)[]) {
      const { url } = await disk.save(TINY_PNG, 'image/png');
      images[key] = url.replace('/images/', '');
      const at = (Date.now() - ages[key]) / 1000;
      utimesSync(join(dir, images[key]), at, at);
    }
    await store.products.add(
      newProductSchema.parse({ name: 'Shown peptide', price: 12, imgUrl: `/images/${images.shown}` }),
    );
    await store.close();
  });
  afterAll(() => data.remove());

  it('lists with --dry-run --json the unused images older than a day, with size and age, and removes nothing', async () => {
    const { exitCode, stdout, stderr } = await shop('--json', 'images', 'prune', '--dry-run');
    expect(exitCode, stderr).toBe(0);
    const result = JSON.parse(stdout) as PruneResult;
    expect(result).toMatchObject({ dryRun: true, graceSeconds: 86_400, inUse: 1, young: 2 });
    expect(result.images).toEqual([
      {
        name: images.old,
        size: TINY_PNG.length,
        storedAt: expect.any(String),
        ageSeconds: expect.any(Number),
      },
    ]);
    expect(result.images[0]!.ageSeconds).toBeGreaterThanOrEqual(48 * 3600);
    expect(result.images[0]!.ageSeconds).toBeLessThan(48 * 3600 + 120);
    for (const name of Object.values(images)) expect(exists(name)).toBe(true);

    const shorter = await shop('images', 'prune', '--dry-run', '--grace', '1h');
    expect(shorter.exitCode, shorter.stderr).toBe(0);
    expect(shorter.stdout).toContain(images.old);
    expect(shorter.stdout).toContain(images.sixHours);
    expect(shorter.stdout).not.toContain(images.fresh);
    expect(shorter.stderr).toContain(
      `Would remove 2 unused images (${2 * TINY_PNG.length} B) (--dry-run: nothing removed); kept 1 in use and 1 stored less than 60 m ago.`,
    );
    for (const name of Object.values(images)) expect(exists(name)).toBe(true);
  });

  it('removes them, printing each with its size and age, and keeps used and young images', async () => {
    const { exitCode, stdout, stderr } = await shop('images', 'prune');
    expect(exitCode, stderr).toBe(0);
    expect(stdout).toMatch(new RegExp(`${images.old}\\s*│\\s*${TINY_PNG.length} B\\s*│[^│]+│\\s*2 d\\s*│`));
    expect(stderr).toContain(
      `Removed 1 unused image (${TINY_PNG.length} B); kept 1 in use and 2 stored less than 24 h ago.`,
    );
    expect(exists(images.old)).toBe(false);
    for (const name of [images.shown, images.sixHours, images.fresh]) expect(exists(name)).toBe(true);

    const again = await shop('images', 'prune');
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toBe('');
    expect(again.stderr).toContain(
      'No unused image is older than 24 h; kept 1 in use and 2 stored less than 24 h ago.',
    );
  });

  it('refuses a grace period it cannot read with exit 2, removing nothing', async () => {
    const { exitCode, stderr, stdout } = await shop('images', 'prune', '--grace', 'soon');
    expect(exitCode).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('--grace must be a duration such as 24h, 90m or 2d (got "soon")');
    expect(exists(images.sixHours)).toBe(true);
  });
});

describe('npm start pruning images', () => {
  const data = tempDataDir('start-prune');
  afterAll(() => data.remove());

  it('removes, as it starts, an image no product has used for over a day, keeping the used one, and says so', async () => {
    const dir = imagesDir({ dataDir: data.dir });
    const store = openSqliteStore({ file: databaseFile({ dataDir: data.dir }) });
    const disk = new DiskImageStore(dir);
    const [shown, unused] = await Promise.all([
      disk.save(TINY_PNG, 'image/png'),
      disk.save(TINY_PNG, 'image/png'),
    ]);
    const names = [shown, unused].map(({ url }) => url.replace('/images/', ''));
    for (const name of names)
      utimesSync(join(dir, name), (Date.now() - 3 * DAY) / 1000, (Date.now() - 3 * DAY) / 1000);
    await store.products.add(
      newProductSchema.parse({ name: 'Pictured peptide', price: 12, imgUrl: shown.url }),
    );
    await store.close();

    const shop = spawnStartScript({
      ...process.env,
      PORT: '0',
      SHOP_DATA_DIR: data.dir,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      SHOP_ADMIN_EMAIL: uniqueEmail('pruneadmin'),
      SHOP_ADMIN_PASSWORD: 'admin-pass-1234',
    });
    try {
      await shop.ready;
      await expect
        .poll(shop.output, { timeout: 10_000 })
        .toContain(`Removed 1 unused image (${TINY_PNG.length} B) stored over 24 h ago: ${names[1]}`);
      expect(existsSync(join(dir, names[1]!))).toBe(false);
      expect(existsSync(join(dir, names[0]!))).toBe(true);
    } finally {
      expect(await interrupt(shop)).toBe(0);
    }
  }, 120_000);
});

describe('shop --backend firestore images prune, spawned', () => {
  const data = tempDataDir('bucket-prune');
  const projectId = freshProjectId('prune');
  const bucket = `${projectId}.firebasestorage.app`;
  let firestore: Awaited<ReturnType<typeof startFirestoreEmulator>>;
  let storage: Awaited<ReturnType<typeof startFakeCloudStorage>>;

  beforeAll(async () => {
    [firestore, storage] = await Promise.all([
      startFirestoreEmulator(),
      startFakeCloudStorage({ pageSize: 2 }),
    ]);
  });
  afterAll(async () => {
    await storage.close();
    await firestore.stop();
    data.remove();
  });

  it('removes from the project’s bucket the old images no Firestore product uses, keeping used and young ones', async () => {
    const put = (name: string, ageMs: number) =>
      storage.put(bucket, `product-images/${name}`, TINY_PNG, new Date(Date.now() - ageMs));
    const [used, old, young] = [
      'UsedInFirestore00001.png',
      'OldInTheBucket000001.png',
      'YoungInTheBucket0001.png',
    ];
    put(used, 3 * DAY);
    put(old, 2 * DAY);
    put(young, HOUR);
    const store = openFirestoreStore({ projectId });
    await store.products.add(
      newProductSchema.parse({
        name: 'Bucket pictured peptide',
        price: 20,
        imgUrl: `http://${storage.host}/v0/b/${bucket}/o/product-images%2F${used}?alt=media&token=t`,
      }),
    );
    await store.close();
    const run = (...args: string[]) =>
      shopProcess(['--data', data.dir, '--backend', 'firestore', '--json', 'images', 'prune', ...args], {
        env: { SHOP_PROJECT_ID: projectId, FIREBASE_STORAGE_EMULATOR_HOST: storage.host },
      });
    const left = () =>
      [...storage.objects.values()]
        .filter((o) => o.bucket === bucket)
        .map((o) => o.name)
        .sort();

    const preview = await run('--dry-run');
    expect(preview.exitCode, preview.stderr).toBe(0);
    expect(JSON.parse(preview.stdout)).toMatchObject({
      images: [{ name: old, size: TINY_PNG.length }],
      inUse: 1,
      young: 1,
    });
    expect(left()).toHaveLength(3);

    const pruned = await run();
    expect(pruned.exitCode, pruned.stderr).toBe(0);
    expect((JSON.parse(pruned.stdout) as PruneResult).images.map((i) => i.name)).toEqual([old]);
    expect(left()).toEqual([`product-images/${used}`, `product-images/${young}`]);
  });
});
