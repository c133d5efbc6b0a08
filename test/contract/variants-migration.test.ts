import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openFirestoreStore } from '../../shared/backend/store/firestore/firestore-store.js';
import type { Store } from '../../shared/backend/store/port.js';
import { migrations } from '../../shared/backend/store/sqlite/migrations.js';
import { openSqliteStore } from '../../shared/backend/store/sqlite/sqlite-store.js';
import { newProductSchema, type Product } from '../../shared/domain/product.js';
import { lineTitle } from '../../shared/domain/variant.js';
import { freshProjectId, startFirestoreEmulator } from '../support/firestore-emulator.js';
import { SAMPLE_ADDRESS } from './order-store.contract.js';

// The fixtures were written by the real code of the shop before variants (commit 4a980c4), see
// test/fixtures/README.md: a store it made must open in today's shop as it was, each product sold one way.
const fixture = (name: string) => join(import.meta.dirname, '..', 'fixtures', name);
const dir = mkdtempSync(join(tmpdir(), 'shop-variants-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const byName = (products: Product[], name: string) => products.find((p) => p.name === name)!;

/** What the old shop's data must read as, on either store. */
async function expectOldDataAsOneVariantEach(store: Store) {
  const products = await store.products.listAll();
  expect(products.map((p) => p.name)).toEqual(['BPC-157 5mg', 'TB-500', 'Withdrawn peptide']);
  for (const product of products) {
    expect(product.options).toEqual([]);
    expect(product.specs).toEqual({});
    expect(product.variants).toEqual([
      {
        id: product.id,
        sku: '',
        options: {},
        price: product.price,
        compareAtPrice: null,
        stock: product.stock,
        available: true,
        imgUrl: '',
      },
    ]);
  }
  // 12 in stock before the old order took 2
  expect(byName(products, 'BPC-157 5mg')).toMatchObject({ price: 39.5, stock: 10, available: true });
  expect(byName(products, 'TB-500')).toMatchObject({ price: 45, stock: null, available: true });
  expect(byName(products, 'Withdrawn peptide')).toMatchObject({ price: 20, stock: 3, available: false });

  const [old] = await store.orders.listForUser('user-old');
  expect(old!.lines.map((l) => [l.productId, l.variantId, l.sku, l.options, l.quantity])).toEqual([
    [byName(products, 'BPC-157 5mg').id, byName(products, 'BPC-157 5mg').id, '', {}, 2],
    [byName(products, 'TB-500').id, byName(products, 'TB-500').id, '', {}, 1],
  ]);
  expect(old!.lines.map((l) => lineTitle(l.name, l.options))).toEqual(['BPC-157 5mg', 'TB-500']);
  expect((await store.messages.list()).map((m) => m.message)).toEqual(['Do you ship to Boston?']);
  return { products, old: old! };
}

/** A cart saved by the old storefront (lines keyed by product id, no variantId) still checks out; the old order still restocks. */
async function expectOldCartsAndOrdersToWork(store: Store, products: Product[], oldOrderId: string) {
  const bpc = byName(products, 'BPC-157 5mg');
  const { order } = await store.orders.place({
    uid: 'user-old',
    email: 'ada@example.com',
    lines: [{ productId: bpc.id, quantity: 1 }],
    shippingAddress: SAMPLE_ADDRESS,
    paymentProvider: 'manual',
    idempotencyKey: 'after-upgrade-key-001',
  });
  expect(order.lines[0]).toMatchObject({ productId: bpc.id, variantId: bpc.id, unitPriceCents: 3950 });
  expect((await store.products.get(bpc.id))?.variants[0]?.stock).toBe(9);
  await store.orders.cancel(oldOrderId, 'Cancelled after the upgrade');
  const back = (await store.products.get(bpc.id))!;
  expect(back.variants[0]?.stock).toBe(11);
  expect(back.stock).toBe(11);
  const sized = await store.products.add(newProductSchema.parse({ name: 'New', price: 5, sku: 'NEW-1' }));
  expect((await store.products.findBySku('new-1'))?.product.id).toBe(sized.id);
}

describe('a SQLite store written by the shop before variants', () => {
  it('opens with each product as one variant whose id is its own, old orders and carts still working, twice', async () => {
    const file = join(dir, 'store.sqlite');
    copyFileSync(fixture('store-before-variants.sqlite'), file);
    const warned = vi.spyOn(console, 'warn');
    let store = openSqliteStore({ file });
    expect(store.db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)?.version);
    const { products, old } = await expectOldDataAsOneVariantEach(store);
    await store.close();

    store = openSqliteStore({ file });
    expect(await store.products.listAll()).toEqual(products);
    await expectOldCartsAndOrdersToWork(store, products, old.id);
    await store.close();
    expect(warned).not.toHaveBeenCalled();
    warned.mockRestore();
  });
});

describe('Firestore documents written by the shop before variants', () => {
  let emulator: Awaited<ReturnType<typeof startFirestoreEmulator>>;
  beforeAll(async () => {
    emulator = await startFirestoreEmulator();
  });
  afterAll(() => emulator.stop());

  const revive = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(revive);
    if (value && typeof value === 'object') {
      if ('__millis' in value) return Timestamp.fromMillis((value as { __millis: number }).__millis);
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]));
    }
    return value;
  };

  it('read as one variant each, are rewritten once by upgrade(), and old orders and carts still work', async () => {
    const projectId = freshProjectId('before-variants');
    const documents = JSON.parse(readFileSync(fixture('firestore-before-variants.json'), 'utf8')) as {
      collection: string;
      id: string;
      data: Record<string, unknown>;
    }[];
    const store = openFirestoreStore({ projectId });
    const batch = store.db.batch();
    for (const { collection, id, data } of documents)
      batch.set(store.db.collection(collection).doc(id), revive(data) as Record<string, unknown>);
    await batch.commit();
    const raw = async () =>
      (await store.db.collection('products').orderBy('nameKey').get()).docs.map((d) => d.data());
    expect((await raw()).some((d) => 'variants' in d)).toBe(false);

    // read before the upgrade has run, as an instance not yet upgraded would
    const before = await expectOldDataAsOneVariantEach(store);
    await store.upgrade();
    const rewritten = await raw();
    for (const doc of rewritten) {
      expect(doc.options).toEqual([]);
      expect(doc.specs).toEqual({});
      expect(doc.variants).toEqual([
        {
          id: doc.id,
          sku: '',
          options: {},
          price: doc.price,
          compareAtPrice: null,
          stock: doc.stock,
          available: true,
          imgUrl: '',
        },
      ]);
    }
    const { products, old } = await expectOldDataAsOneVariantEach(store);
    expect(products).toEqual(before.products);

    await store.upgrade();
    expect(await raw()).toEqual(rewritten);
    const again = openFirestoreStore({ projectId });
    await again.upgrade();
    expect(await again.products.listAll()).toEqual(products);
    await again.close();

    await expectOldCartsAndOrdersToWork(store, products, old.id);
    await store.close();
  }, 30_000);
});
