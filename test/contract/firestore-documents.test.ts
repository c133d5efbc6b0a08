import { deleteApp, initializeApp } from 'firebase-admin/app';
import { type Firestore, getFirestore, Timestamp } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keyId } from '../../shared/backend/store/firestore/documents.js';
import {
  type FirestoreStore,
  openFirestoreStore,
} from '../../shared/backend/store/firestore/firestore-store.js';
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
  let closeRaw: () => Promise<void>;
  beforeEach(() => {
    const projectId = freshProjectId('documents');
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
    const nameIndex = await db.collection('productNames').doc(keyId('bpc-157 5mg')).get();
    expect(nameIndex.data()).toEqual({ productId: product.id, nameKey: 'bpc-157 5mg' });
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
