import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FirestoreStore,
  openFirestoreStore,
} from '../../shared/backend/store/firestore/firestore-store.js';
import { newDiscountSchema } from '../../shared/domain/discount.js';
import { DuplicateNameError, DuplicateSkuError, type ShopError } from '../../shared/domain/errors.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { freshProjectId, startFirestoreEmulator } from '../support/firestore-emulator.js';
import { SAMPLE_ADDRESS } from './order-store.contract.js';

// Contended transactions retry with Firestore's backoff (about a second a round) on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const emulator = await startFirestoreEmulator();
afterAll(() => emulator.stop());

// The hosted shop runs several stateless API instances (and the CLI) against one database: each
// instance here is its own firebase-admin app with its own connection, racing the others.
describe(`firestore store: races between instances (${emulator.kind} emulator)`, () => {
  let instances: FirestoreStore[];
  beforeEach(() => {
    const projectId = freshProjectId('races');
    instances = Array.from({ length: 3 }, () => openFirestoreStore({ projectId }));
  });
  afterEach(async () => {
    await Promise.all(instances.map((s) => s.close()));
  });
  const on = (i: number) => instances[i % instances.length]!;

  it('leaves one product when instances add the same name at once', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        on(i).products.add(
          newProductSchema.parse({ name: i % 3 ? 'Retatrutide' : ' RETATRUTIDE', price: 89 }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
      expect(r.reason).toBeInstanceOf(DuplicateNameError);
    }
    for (const instance of instances) expect(await instance.products.listAll()).toHaveLength(1);
  });

  it('leaves one product when instances add products with the same SKU at once', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        on(i).products.add(
          newProductSchema.parse({ name: `Vial ${i}`, price: 89, sku: i % 3 ? 'RETA-10' : ' reta-10' }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
      expect(r.reason).toBeInstanceOf(DuplicateSkuError);
    }
    for (const instance of instances) expect(await instance.products.listAll()).toHaveLength(1);
  });

  it('sells the last unit once when instances check it out at once', async () => {
    const last = await on(0).products.add(
      newProductSchema.parse({ name: 'Cagrilintide', price: 120, stock: 1 }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        on(i).orders.place({
          uid: `shopper-${i}`,
          email: `shopper${i}@example.com`,
          lines: [{ productId: last.id, quantity: 1 }],
          shippingAddress: SAMPLE_ADDRESS,
          paymentProvider: 'manual',
          idempotencyKey: `race-key-${String(i).padStart(8, '0')}`,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
      expect((r.reason as ShopError).code).toBe('out-of-stock');
    }
    expect((await on(1).products.get(last.id))?.stock).toBe(0);
    expect(await on(2).orders.list({ filter: 'all' })).toHaveLength(1);
  });

  it('gives a code limited to 10 uses to exactly 10 of 50 checkouts racing on three instances', async () => {
    const vial = await on(0).products.add(newProductSchema.parse({ name: 'Ipamorelin', price: 45 }));
    await on(0).discounts.create(
      newDiscountSchema.parse({ code: 'TEN', type: 'percent', value: 5, usageLimit: 10 }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        on(i).orders.place({
          uid: `coder-${i}`,
          email: `coder${i}@example.com`,
          lines: [{ productId: vial.id, quantity: 1 }],
          shippingAddress: SAMPLE_ADDRESS,
          paymentProvider: 'manual',
          idempotencyKey: `code-race-${String(i).padStart(8, '0')}`,
          discountCode: 'TEN',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected'))
      expect((r.reason as ShopError).message).toBe("discountCode: This code can't be used");
    expect((await on(1).discounts.get('TEN'))?.uses).toBe(10);
    expect(await on(2).orders.list({ filter: 'all' })).toHaveLength(10);
  });

  it('places 3 of 26 checkouts one account races on three instances, and gives back one cancel’s code once', async () => {
    const vial = await on(0).products.add(
      newProductSchema.parse({ name: 'Sermorelin', price: 45, stock: 100 }),
    );
    await on(0).discounts.create(
      newDiscountSchema.parse({ code: 'HOARD', type: 'percent', value: 5, usageLimit: 50 }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 26 }, (_, i) =>
        on(i).orders.place({
          uid: 'hoarder',
          email: 'hoarder@example.com',
          lines: [{ productId: vial.id, quantity: 1 }],
          shippingAddress: SAMPLE_ADDRESS,
          paymentProvider: 'manual',
          idempotencyKey: `hoard-race-${String(i).padStart(8, '0')}`,
          discountCode: 'HOARD',
          unpaid: { holdHours: 48, maxPerAccount: 3, maxUnitsPerSize: 20 },
        }),
      ),
    );
    const placed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.order] : []));
    expect(placed).toHaveLength(3);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected'))
      expect((r.reason as ShopError).code).toBe('conflict');
    expect((await on(1).products.get(vial.id))?.stock).toBe(97);
    expect((await on(1).discounts.get('HOARD'))?.uses).toBe(3);

    const cancels = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        on(i).orders.transition(placed[0]!.id, { type: 'cancel', by: 'shopper' }),
      ),
    );
    expect(cancels.some((r) => r.status === 'fulfilled')).toBe(true);
    expect((await on(2).discounts.get('HOARD'))?.uses).toBe(2);
    expect((await on(2).products.get(vial.id))?.stock).toBe(98);
  });

  it('shows one instance’s catalogue writes in the others’ change token', async () => {
    const before = await on(1).products.changeToken();
    await on(0).products.add(newProductSchema.parse({ name: 'Tesamorelin', price: 70 }));
    expect(await on(1).products.changeToken()).not.toBe(before);
  });
});
