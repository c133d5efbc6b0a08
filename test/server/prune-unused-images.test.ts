import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BucketImageStore,
  PRODUCT_IMAGES_FOLDER,
} from '../../shared/backend/images/bucket/bucket-image-store.js';
import { DiskImageStore } from '../../shared/backend/images/disk/disk-image-store.js';
import { startImagePruner } from '../../shared/backend/images/image-pruner.js';
import type { ImageStore } from '../../shared/backend/images/port.js';
import { pruneUnusedImages } from '../../shared/backend/images/prune-unused.js';
import { seedSampleCatalogue } from '../../shared/backend/seed/seed-catalogue.js';
import { openSqliteStore, type SqliteStore } from '../../shared/backend/store/sqlite/sqlite-store.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { startFakeCloudStorage } from '../support/fake-cloud-storage.js';
import { TINY_PNG } from '../support/images.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const BUCKET = 'demo-peptide-shop.firebasestorage.app';
const root = mkdtempSync(join(tmpdir(), 'shop-prune-'));

interface ImagesUnderTest {
  images: ImageStore;
  /** Sets when the image was stored, as the store records it (file mtime, object creation time). */
  storedAt(name: string, at: number): void;
  exists(name: string): boolean;
}

/** The folder of the embedded shop, its files' modification times moved back to age them. */
function diskImages(): ImagesUnderTest {
  const dir = join(root, 'images');
  return {
    images: new DiskImageStore(dir),
    storedAt: (name, at) => utimesSync(join(dir, name), at / 1000, at / 1000),
    exists: (name) => existsSync(join(dir, name)),
  };
}

/** A Cloud Storage bucket (a local fake listing 25 objects a page), its objects' creation times moved back. */
async function bucketImages(): Promise<ImagesUnderTest & { close(): Promise<void> }> {
  const storage = await startFakeCloudStorage({ pageSize: 25 });
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = storage.host;
  const app = initializeApp({ projectId: 'demo-peptide-shop' }, 'prune-unused-images-test');
  const key = (name: string) => `${BUCKET}/${PRODUCT_IMAGES_FOLDER}/${name}`;
  return {
    images: new BucketImageStore(app, BUCKET),
    storedAt: (name, at) => {
      storage.objects.get(key(name))!.timeCreated = new Date(at);
    },
    exists: (name) => storage.objects.has(key(name)),
    close: async () => {
      await deleteApp(app);
      await storage.close();
      delete process.env.FIREBASE_STORAGE_EMULATOR_HOST;
    },
  };
}

/** The image's name as it appears in any URL the store hands out (a bucket's encodes the folder). */
const nameIn = (url: string) => /([A-Za-z0-9]{20}\.(?:jpg|png|webp|svg|pdf))/.exec(url)![1]!;

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.each([
  { kind: 'disk folder', open: async () => ({ ...diskImages(), close: async () => {} }) },
  { kind: 'Storage bucket', open: bucketImages },
])('pruning unused images from the $kind', ({ kind, open }) => {
  let store: SqliteStore;
  let under: Awaited<ReturnType<typeof open>>;
  // Whole seconds, which every store's clock keeps exactly.
  const now = Math.floor(Date.now() / 1000) * 1000;
  const product = (name: string, fields: Record<string, unknown>) =>
    store.products.add(newProductSchema.parse({ name, price: 10, ...fields }));
  const saved = async (storedAt: number) => {
    const { url } = await under.images.save(TINY_PNG, 'image/png');
    under.storedAt(nameIn(url), storedAt);
    return { url, name: nameIn(url) };
  };

  beforeAll(async () => {
    store = openSqliteStore({ file: join(root, `${kind.replace(' ', '-')}.sqlite`) });
    under = await open();
  });
  afterAll(async () => {
    await under.close();
    await store.close();
  });
  beforeEach(async () => {
    await store.clear();
    for (const { name } of await under.images.list()) await under.images.deleteNamed(name);
  });

  it('removes an image no product has used for over the grace period, keeps used and young ones, and a dry run lists the same and removes nothing', async () => {
    const shown = await saved(now - 3 * DAY);
    const linked = await saved(now - 2 * DAY);
    const unused = await saved(now - 2 * DAY);
    const young = await saved(now - 23 * HOUR);
    await product('Shown peptide', { imgUrl: shown.url });
    // Any field counts: here a link in the description.
    await product('Linked peptide', { description: `<p><a href="${linked.url}">vial photo</a></p>` });

    const dryRun = await pruneUnusedImages({
      images: under.images,
      users: store,
      now,
      dryRun: true,
    });
    const expected = {
      graceSeconds: 24 * 60 * 60,
      images: [
        {
          name: unused.name,
          size: TINY_PNG.length,
          storedAt: new Date(now - 2 * DAY).toISOString(),
          ageSeconds: 2 * 24 * 60 * 60,
        },
      ],
      inUse: 2,
      young: 1,
    };
    expect(dryRun).toEqual({ dryRun: true, ...expected });
    for (const image of [shown, linked, unused, young]) expect(under.exists(image.name)).toBe(true);

    const pruned = await pruneUnusedImages({ images: under.images, users: store, now });
    expect(pruned).toEqual({ dryRun: false, ...expected });
    expect(under.exists(unused.name)).toBe(false);
    for (const image of [shown, linked, young]) expect(under.exists(image.name)).toBe(true);
  });

  it('keeps the images of a product’s gallery and of its sizes however old, and removes one the gallery dropped', async () => {
    const main = await saved(now - 4 * DAY);
    const gallery = await saved(now - 3 * DAY);
    const sizeOnly = await saved(now - 3 * DAY);
    const dropped = await saved(now - 2 * DAY);
    const bpc = await store.products.add(
      newProductSchema.parse({
        name: 'Pictured peptide',
        imgUrl: main.url,
        images: [gallery.url, dropped.url],
        options: [{ name: 'Size', values: ['5 mg', '10 mg'] }],
        variants: [
          { options: { Size: '5 mg' }, price: 10, imgUrl: gallery.url },
          { options: { Size: '10 mg' }, price: 20, imgUrl: sizeOnly.url },
        ],
      }),
    );
    await store.products.update(bpc.id, { images: [gallery.url] });

    const pruned = await pruneUnusedImages({ images: under.images, users: store, now });
    expect(pruned.images.map((image) => image.name)).toEqual([dropped.name]);
    expect(pruned.inUse).toBe(3);
    for (const image of [main, gallery, sizeOnly]) expect(under.exists(image.name)).toBe(true);
    expect(under.exists(dropped.name)).toBe(false);
  });

  it('keeps an image a product starts using while earlier ones are being deleted: products are checked again before each batch', async () => {
    // 60 old unused images, oldest first; the last one falls in the second batch of 50.
    const old: { url: string; name: string }[] = [];
    for (let i = 0; i < 60; i++) old.push(await saved(now - 2 * DAY - (60 - i) * MINUTE));
    const late = old.at(-1)!;
    let saving: Promise<unknown> | null = null;
    const images: ImageStore = {
      ...under.images,
      list: () => under.images.list(),
      deleteNamed: async (name) => {
        // An admin saves a product with that image while the first batch is being deleted.
        saving ??= product('Saved meanwhile', { imgUrl: late.url });
        await saving;
        await under.images.deleteNamed(name);
      },
    };

    const result = await pruneUnusedImages({ images, users: store, now });
    expect(result.images.map((i) => i.name)).toEqual(old.slice(0, 59).map((i) => i.name));
    expect(result.inUse).toBe(1);
    expect(under.exists(late.name)).toBe(true);
    for (const { name } of old.slice(0, 59)) expect(under.exists(name)).toBe(false);
  });

  it('keeps a COA PDF a lot links to however old, and removes an old PDF no lot uses', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
    const coa = async () => {
      const { url } = await under.images.save(pdf, 'application/pdf');
      under.storedAt(nameIn(url), now - 3 * DAY);
      return { url, name: nameIn(url) };
    };
    const [used, unused] = [await coa(), await coa()];
    const { id } = await product('Lotted peptide', {});
    const { variants } = (await store.products.get(id))!;
    await store.lots.add({
      lotNumber: 'HX-1',
      productId: id,
      variantId: variants[0]!.id,
      testedAt: '2026-11-01',
      purity: 99.1,
      coaUrl: used.url,
    });

    const result = await pruneUnusedImages({ images: under.images, users: store, now });
    expect(result.images.map((i) => i.name)).toEqual([unused.name]);
    expect(result.inUse).toBe(1);
    expect(under.exists(used.name)).toBe(true);
    expect(under.exists(unused.name)).toBe(false);
  });

  it('keeps the sample catalogue’s images however old, since its products use them', async () => {
    const added = await seedSampleCatalogue(store, under.images);
    const seeded = await under.images.list();
    // An image per product and a COA per lot.
    expect(seeded).toHaveLength(added.products + added.lots);
    for (const { name } of seeded) under.storedAt(name, now - 30 * DAY);

    const result = await pruneUnusedImages({ images: under.images, users: store, now });
    expect(result).toMatchObject({ images: [], inUse: added.products + added.lots, young: 0 });
    for (const { name } of seeded) expect(under.exists(name)).toBe(true);
  });
});

describe('the running shop’s pruning of unused images', () => {
  const dir = join(root, 'pruner');
  const store = openSqliteStore({ file: join(root, 'pruner.sqlite') });
  const images = new DiskImageStore(join(dir, 'images'));
  afterAll(() => store.close());

  it('removes unused images older than a day as it starts, saying which, and never touches files it did not name', async () => {
    const { url: oldUrl } = await images.save(TINY_PNG, 'image/png');
    const { url: youngUrl } = await images.save(TINY_PNG, 'image/png');
    const old = nameIn(oldUrl);
    const aged = (Date.now() - 2 * DAY) / 1000;
    utimesSync(join(dir, 'images', old), aged, aged);
    // Not the store's: an operator's note and a half-written upload's temporary file.
    mkdirSync(join(dir, 'images'), { recursive: true });
    for (const foreign of ['notes.txt', '.upload-abc.png.tmp']) {
      writeFileSync(join(dir, 'images', foreign), 'x');
      utimesSync(join(dir, 'images', foreign), aged, aged);
    }

    const lines: string[] = [];
    await startImagePruner(store, images, { log: (l) => lines.push(l) }).stop();

    expect(lines).toEqual([`Removed 1 unused image (${TINY_PNG.length} B) stored over 24 h ago: ${old}`]);
    expect(existsSync(join(dir, 'images', old))).toBe(false);
    for (const kept of [nameIn(youngUrl), 'notes.txt', '.upload-abc.png.tmp'])
      expect(existsSync(join(dir, 'images', kept))).toBe(true);
  });

  it('logs a failed run instead of stopping the shop', async () => {
    const broken = {
      changeToken: () => Promise.resolve('1'),
      listAll: () => Promise.reject(new Error('database is locked')),
    };
    const { url } = await images.save(TINY_PNG, 'image/png');
    const aged = (Date.now() - 2 * DAY) / 1000;
    utimesSync(join(dir, 'images', nameIn(url)), aged, aged);
    const lines: string[] = [];
    await startImagePruner({ products: broken, lots: store.lots }, images, {
      log: (l) => lines.push(l),
    }).stop();
    expect(lines).toEqual(['Could not remove unused images: database is locked']);
    expect(existsSync(join(dir, 'images', nameIn(url)))).toBe(true);
  });
});
