import { deleteApp, initializeApp } from 'firebase-admin/app';
import { type Firestore, getFirestore, Timestamp } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productNameSkeleton } from '../../shared/backend/product-name-skeleton.js';
import { keyId } from '../../shared/backend/store/firestore/documents.js';
import {
  type FirestoreStore,
  openFirestoreStore,
} from '../../shared/backend/store/firestore/firestore-store.js';
import { openStore } from '../../shared/backend/store/open-store.js';
import { DuplicateNameError } from '../../shared/domain/errors.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { freshProjectId, startFirestoreEmulator } from '../support/firestore-emulator.js';
import { placeStoredOrder } from '../support/place-order.js';

const emulator = await startFirestoreEmulator();
afterAll(() => emulator.stop());

// What the store leaves in Firestore, read with firebase-admin as another tool or a console would:
// the layout a hosted shop's data keeps, whatever the adapter's own mappers make of it.
describe(`firestore store: the documents it writes (${emulator.kind} emulator)`, () => {
  let store: FirestoreStore;
  let db: Firestore;
  let projectId: string;
  let closeRaw: () => Promise<void>;
  beforeEach(() => {
    projectId = freshProjectId('documents');
    store = openFirestoreStore({ projectId });
    const app = initializeApp({ projectId }, freshProjectId('raw'));
    db = getFirestore(app);
    closeRaw = () => deleteApp(app);
  });
  afterEach(async () => {
    await store.close();
    await closeRaw();
  });

  it('keeps a product with its id copied in, Timestamps, and a name-index document', async () => {
    const product = await store.products.add(newProductSchema.parse({ name: '  BPC-157 5mg ', price: 39.5 }));
    const raw = await db.collection('products').doc(product.id).get();
    expect(raw.get('id')).toBe(raw.id);
    expect(raw.get('name')).toBe('BPC-157 5mg');
    expect(raw.get('price')).toBe(39.5);
    for (const field of ['createdAt', 'updatedAt']) {
      expect(raw.get(field)).toBeInstanceOf(Timestamp);
      expect((raw.get(field) as Timestamp).seconds).toBe(product.createdAt.seconds);
    }
    // Keyed by what names are unique by; the product keeps the key names sort by.
    const skeleton = productNameSkeleton('bpc-157 5mg');
    const nameIndex = await db.collection('productNames').doc(keyId(skeleton)).get();
    expect(nameIndex.data()).toEqual({ productId: product.id, nameSkeleton: skeleton });
    expect(raw.get('nameKey')).toBe('bpc-157 5mg');
  });

  it('keeps the product’s version as a number field that orders move on, and reads documents from before versions as version 0', async () => {
    const product = await store.products.add(
      newProductSchema.parse({ name: 'Ipamorelin', price: 30, stock: 5 }),
    );
    const ref = db.collection('products').doc(product.id);
    expect((await ref.get()).get('version')).toBe(1);
    const order = await placeStoredOrder(store.orders, product.id, 2);
    expect((await ref.get()).get('version')).toBe(2);
    await store.orders.cancel(order.id);
    expect((await ref.get()).get('version')).toBe(3);

    // A product as an older version of the shop wrote it: every field but the version.
    const { version: _version, ...unversioned } = (await ref.get()).data()!;
    const old = db.collection('products').doc('written-before-versions');
    await old.create({ ...unversioned, id: old.id, name: 'Old', nameKey: 'old' });
    expect(await store.products.get(old.id)).toMatchObject({ version: 0, stock: 5 });
    await expect(
      store.products.update(old.id, { brand: 'Helix' }, { expectedVersion: 0 }),
    ).resolves.toMatchObject({ version: 1, brand: 'Helix' });
    expect((await old.get()).get('version')).toBe(1);
  });

  it('keeps the gallery and tags as arrays, and reads documents from before them (or size images) as having none', async () => {
    const product = await store.products.add(
      newProductSchema.parse({
        name: 'Ipamorelin',
        price: 30,
        imgUrl: '/images/front.png',
        images: ['/images/back.png'],
        tags: ['GH'],
      }),
    );
    const raw = (await db.collection('products').doc(product.id).get()).data()!;
    expect(raw).toMatchObject({ images: ['/images/back.png'], tags: ['GH'] });
    expect(raw.variants[0].imgUrl).toBe('');

    // As the shop before galleries, tags and size images wrote it.
    const { images: _images, tags: _tags, variants, ...older } = raw;
    const old = db.collection('products').doc('written-before-galleries');
    const oldVariants = variants.map(({ imgUrl: _imgUrl, ...v }: Record<string, unknown>) => ({
      ...v,
      id: 'v-old',
    }));
    await old.create({ ...older, variants: oldVariants, id: old.id, name: 'Old', nameKey: 'old' });
    const read = await store.products.get(old.id);
    expect(read).toMatchObject({ imgUrl: '/images/front.png', images: [], tags: [] });
    expect(read?.variants.map((v) => v.imgUrl)).toEqual(['']);
    await store.products.update(old.id, { tags: ['Old'] });
    expect((await old.get()).data()).toMatchObject({ images: [], tags: ['Old'] });
  });

  it('keeps an order’s times as Timestamps', async () => {
    const product = await store.products.add(newProductSchema.parse({ name: 'TB-500', price: 45, stock: 2 }));
    const order = await placeStoredOrder(store.orders, product.id, 1);
    const raw = await db.collection('orders').doc(order.id).get();
    expect(raw.get('id')).toBe(order.id);
    expect(raw.get('createdAt')).toBeInstanceOf(Timestamp);
    expect(raw.get('updatedAt')).toBeInstanceOf(Timestamp);
    expect((raw.get('statusHistory') as { at: unknown }[]).map((h) => h.at)).toEqual([expect.any(Timestamp)]);
    expect((await db.collection('products').doc(product.id).get()).get('updatedAt')).toBeInstanceOf(
      Timestamp,
    );
  });

  it('keeps the request fingerprint with an order, and a repeated key of an order stored without one answers with it', async () => {
    const product = await store.products.add(newProductSchema.parse({ name: 'TB-500', price: 45, stock: 9 }));
    const order = await placeStoredOrder(store.orders, product.id, 1, {
      key: '0a1b2c3d-0000-4000-8000-000000000001',
    });
    const raw = db.collection('orders').doc(order.id);
    expect((await raw.get()).get('requestFingerprint')).toMatch(/^[0-9a-f]{64}$/);
    await expect(
      placeStoredOrder(store.orders, product.id, 2, { key: '0a1b2c3d-0000-4000-8000-000000000001' }),
    ).rejects.toThrow(/already used for a different order/);
    // As an order placed by the shop before fingerprints were stored.
    const { requestFingerprint: _new, ...before } = (await raw.get()).data()!;
    await raw.delete();
    await raw.create(before);
    expect((await raw.get()).get('requestFingerprint')).toBeUndefined();
    const again = await placeStoredOrder(store.orders, product.id, 2, {
      key: '0a1b2c3d-0000-4000-8000-000000000001',
    });
    expect(again.id).toBe(order.id);
  });

  /** Products as an older shop wrote them, oldest first, each with its productNames document under nameKey. */
  async function writeOlderProducts(older: { id: string; name: string; nameKey: string }[]) {
    for (const [i, p] of older.entries()) {
      const at = Timestamp.fromMillis(1000 + i);
      const fields = { price: 10, available: true, description: '', imgUrl: '', category: '', brand: '' };
      await db
        .collection('products')
        .doc(p.id)
        .set({ ...p, ...fields, stock: null, createdAt: at, updatedAt: at });
      await db.collection('productNames').doc(keyId(p.nameKey)).set({ productId: p.id, nameKey: p.nameKey });
    }
  }

  it('moves name keys written by an older shop to today’s on opening, so look-alikes of stored names are duplicates', async () => {
    // Documents as the older shop wrote them: keys trimmed, NFC and lower-cased only.
    const older = [
      { id: 'p-bpc', name: 'BPC-157', nameKey: 'bpc-157' },
      { id: 'p-bpc-zwsp', name: 'bpc-157\u200b', nameKey: 'bpc-157\u200b' },
      { id: 'p-tb', name: 'ＴＢ-500\u200b', nameKey: 'ｔｂ-500\u200b' },
    ];
    await writeOlderProducts(older);
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const upgraded = await openStore({ backend: 'firestore', projectId, dataDir: '' });
    expect(warned.mock.calls.flat().join('\n')).toMatch(
      /"bpc-157\u200b" \(p-bpc-zwsp\) now counts as the same name as p-bpc/,
    );
    warned.mockRestore();
    try {
      expect((await upgraded.products.findByName('tb-500'))?.id).toBe('p-tb');
      expect((await upgraded.products.get('p-tb'))?.name).toBe('ＴＢ-500');
      expect(
        (
          await db
            .collection('productNames')
            .doc(keyId(productNameSkeleton('tb-500')))
            .get()
        ).get('productId'),
      ).toBe('p-tb');
      expect((await db.collection('productNames').doc(keyId('ｔｂ-500\u200b')).get()).exists).toBe(false);
      await expect(
        upgraded.products.add(newProductSchema.parse({ name: 'TB-500', price: 5 })),
      ).rejects.toThrow(DuplicateNameError);
      await expect(
        upgraded.products.add(newProductSchema.parse({ name: 'BPC-157\u200b', price: 5 })),
      ).rejects.toThrow(DuplicateNameError);
      // Both older look-alikes stay; the newer's skeleton is suffixed with its id until renamed.
      expect((await upgraded.products.listAll()).map((p) => p.id).sort()).toEqual([
        'p-bpc',
        'p-bpc-zwsp',
        'p-tb',
      ]);
      expect((await db.collection('meta').doc('name-keys').get()).get('version')).toBe(3);
    } finally {
      await upgraded.close();
    }
  });

  it('keys names written before confusable skeletons by their skeleton on opening: look-alikes are duplicates, older ones both stay', async () => {
    // As the shop before skeletons wrote them: nameKey folded, productNames keyed by it, no nameSkeleton.
    const older = [
      { id: 'p-latin', name: 'BPC-157', nameKey: 'bpc-157' },
      { id: 'p-greek', name: '\u0392PC-157', nameKey: '\u03b2pc-157' },
      { id: 'p-glp', name: 'GLP-1', nameKey: 'glp-1' },
    ];
    await writeOlderProducts(older);
    await db.collection('meta').doc('name-keys').set({ version: 2 });
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const upgraded = await openStore({ backend: 'firestore', projectId, dataDir: '' });
    expect(warned.mock.calls.flat().join('\n')).toMatch(
      /"\u0392PC-157" \(p-greek\) now counts as the same name as p-latin/,
    );
    warned.mockRestore();
    try {
      expect((await db.collection('productNames').doc(keyId('bpc-157')).get()).exists).toBe(false);
      expect((await upgraded.products.findByName('BPC\u2010157'))?.id).toBe('p-latin');
      await expect(
        upgraded.products.add(newProductSchema.parse({ name: 'BPC\u2010157', price: 5 })),
      ).rejects.toThrow(DuplicateNameError);
      await upgraded.products.add(newProductSchema.parse({ name: 'GIP-1', price: 5 }));
      expect((await upgraded.products.listAll()).map((p) => p.id)).toEqual(
        expect.arrayContaining(['p-latin', 'p-greek', 'p-glp']),
      );
      // The newer look-alike can be renamed away from the clash, and then frees nothing of the older's.
      await upgraded.products.update('p-greek', { name: 'BPC-157 Arginate' });
      expect((await upgraded.products.findByName('BPC-157'))?.id).toBe('p-latin');
      expect((await db.collection('meta').doc('name-keys').get()).get('version')).toBe(3);
    } finally {
      await upgraded.close();
    }
  });

  // One document takes about one write a second; a single counter would cap checkouts shop-wide.
  it('spreads the catalogue change counter over several documents, its token their sum', async () => {
    const product = await store.products.add(newProductSchema.parse({ name: 'Semax', price: 28 }));
    for (let i = 0; i < 30; i++) await store.products.setAvailability(product.id, i % 2 === 0);
    const shards = (await db.collection('meta').get()).docs;
    expect(shards.length).toBeGreaterThan(1);
    expect(shards.length).toBeLessThanOrEqual(10);
    const total = shards.reduce((sum, d) => sum + (d.get('version') as number), 0);
    expect(total).toBe(31);
    expect(await store.products.changeToken()).toBe(String(total));
  });
});
