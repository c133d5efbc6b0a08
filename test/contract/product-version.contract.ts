import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../shared/backend/store/port.js';
import { NotFoundError, StaleError } from '../../shared/domain/errors.js';
import { newProductSchema, type Product } from '../../shared/domain/product.js';
import { SAMPLE_ADDRESS } from './order-store.contract.js';
import type { StoreFactory } from './product-store.contract.js';

async function staleRefusal(promise: Promise<unknown>): Promise<StaleError<Product>> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StaleError);
  return error as StaleError<Product>;
}

/** Product versions and conditional writes: the behaviour every store adapter must show. */
export function describeProductVersionContract(adapter: string, factory: StoreFactory): void {
  describe(`${adapter} store: product versions and conditional writes`, () => {
    let store: Store;
    let clock: number;

    const add = (stock: number | null = 10) =>
      store.products.add(newProductSchema.parse({ name: `Versioned ${randomUUID()}`, price: 30, stock }));
    const takeStock = (productId: string, quantity: number) =>
      store.orders.place({
        uid: 'user-v',
        email: 'v@example.com',
        lines: [{ productId, quantity }],
        shippingAddress: SAMPLE_ADDRESS,
        paymentProvider: 'manual',
        idempotencyKey: randomUUID(),
      });
    const versionOf = async (id: string) => (await store.products.get(id))!.version;

    beforeEach(async () => {
      clock = Date.UTC(2026, 4, 1, 8, 0, 0);
      store = await factory.open(() => clock);
    });
    afterEach(async () => {
      await store.close();
    });

    it('moves the version on every write: edits, availability, import updates, orders taking and returning stock', async () => {
      const p = await add(10);
      const seen = [p.version];
      const expectNewVersion = async () => {
        const version = await versionOf(p.id);
        expect(seen).not.toContain(version);
        expect(version).toBeGreaterThan(seen.at(-1)!);
        seen.push(version);
      };
      expect((await store.products.update(p.id, { category: 'Repair' })).version).toBe(await versionOf(p.id));
      await expectNewVersion();
      await store.products.setAvailability(p.id, false);
      await expectNewVersion();
      await store.products.setAvailability(p.id, true);
      await expectNewVersion();
      await store.products.bulkWrite([[{ op: 'update', id: p.id, patch: { brand: 'Helix' } }]]);
      await expectNewVersion();
      const { order } = await takeStock(p.id, 3);
      await expectNewVersion();
      await store.orders.cancel(order.id, 'Changed mind');
      await expectNewVersion();
      expect((await store.products.get(p.id))!.stock).toBe(10);
    });

    it('refuses an update expecting an older version with StaleError carrying the current product, writing nothing', async () => {
      const opened = await add(10);
      await takeStock(opened.id, 6);
      const current = (await store.products.get(opened.id))!;
      expect(current.stock).toBe(4);

      const refusal = await staleRefusal(
        store.products.update(
          opened.id,
          { category: 'Stale', stock: 10 },
          { expectedVersion: opened.version },
        ),
      );
      expect(refusal.code).toBe('stale');
      expect(refusal.current).toEqual(current);
      expect(await store.products.get(opened.id)).toEqual(current);

      const availability = await staleRefusal(
        store.products.setAvailability(opened.id, false, { expectedVersion: opened.version }),
      );
      expect(availability.current).toEqual(current);
      expect(await store.products.get(opened.id)).toEqual(current);
    });

    it('applies an update expecting the current version, and moves the version on', async () => {
      const p = await add(10);
      const saved = await store.products.update(p.id, { category: 'Fresh' }, { expectedVersion: p.version });
      expect(saved).toMatchObject({ category: 'Fresh', stock: 10 });
      expect(saved.version).toBeGreaterThan(p.version);
      expect(await store.products.get(p.id)).toEqual(saved);
    });

    it('reports a conditional update of an unknown product as not found, not stale', async () => {
      await expect(
        store.products.update('no-such-product', { category: 'X' }, { expectedVersion: 1 }),
      ).rejects.toBeInstanceOf(NotFoundError);
    });

    it('lets exactly one of 8 concurrent updates expecting the same version win; the others change nothing', async () => {
      const p = await add(10);
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) =>
          store.products.update(p.id, { category: `Editor ${i}` }, { expectedVersion: p.version }),
        ),
      );
      const won = results.filter((r): r is PromiseFulfilledResult<Product> => r.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(StaleError);
      const after = (await store.products.get(p.id))!;
      expect(after.category).toBe(won[0]!.value.category);
      expect(after.version).toBe(won[0]!.value.version);
    });

    it('never puts back stock taken by orders when an edit changes other fields', async () => {
      const p = await add(10);
      await takeStock(p.id, 2);
      await takeStock(p.id, 4);
      await store.products.update(p.id, { category: 'Recategorised' });
      await store.products.bulkWrite([[{ op: 'update', id: p.id, patch: { brand: 'Imported' } }]]);
      expect(await store.products.get(p.id)).toMatchObject({
        stock: 4,
        category: 'Recategorised',
        brand: 'Imported',
      });
    });
  });
}
