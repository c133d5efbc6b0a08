import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProductChanges, Store } from '../../shared/backend/store/port.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { placeStoredOrder } from '../support/place-order.js';
import type { StoreFactory } from './product-store.contract.js';

const LIMIT = 100;

/** products.changesSince: what every store adapter must report, so the catalogue index stays current. */
export function describeProductChangesContract(adapter: string, factory: StoreFactory): void {
  describe(`${adapter} store: product changes since a cursor`, () => {
    let store: Store;
    let clock: number;

    const add = (name: string, stock: number | null = 10) =>
      store.products.add(newProductSchema.parse({ name, price: 30, stock }));
    const changes = async (cursor: string) => {
      const answer = await store.products.changesSince(cursor, LIMIT);
      if (answer.reset) throw new Error('expected changes, got a reset');
      return answer;
    };
    /** A cursor from which later changes follow (a reset's, as the index starts). */
    const start = async () => (await store.products.changesSince(null, LIMIT)).cursor;
    const written = (answer: Extract<ProductChanges, { reset: false }>) =>
      new Map(answer.products.map((p) => [p.id, p]));

    beforeEach(async () => {
      clock = Date.UTC(2026, 5, 1, 8, 0, 0);
      store = await factory.open(() => clock);
    });
    afterEach(async () => {
      await store.close();
    });

    it('answers a reset without a cursor or for one it cannot read, with a cursor that later changes follow', async () => {
      await add('Before the cursor');
      const first = await store.products.changesSince(null, LIMIT);
      expect(first.reset).toBe(true);
      expect((await store.products.changesSince('not a cursor', LIMIT)).reset).toBe(true);
      const created = await add('After the cursor');
      const after = await changes(first.cursor);
      expect(written(after).get(created.id)).toEqual(created);
    });

    it('reports every kind of write with the product as it is now: edits, availability, imports, orders taking and returning stock', async () => {
      const a = await add('Changed A', 10);
      const b = await add('Changed B', 10);
      let cursor = await start();
      const expectWritten = async (id: string) => {
        const answer = await changes(cursor);
        expect(written(answer).get(id)).toEqual(await store.products.get(id));
        cursor = answer.cursor;
      };
      await store.products.update(a.id, { category: 'Repair' });
      await expectWritten(a.id);
      await store.products.setAvailability(b.id, false);
      await expectWritten(b.id);
      await store.products.bulkWrite([[{ op: 'update', id: a.id, patch: { brand: 'Helix' } }]]);
      await expectWritten(a.id);
      const order = await placeStoredOrder(store.orders, a.id, 3);
      const taken = await changes(cursor);
      expect(written(taken).get(a.id)?.stock).toBe(7);
      cursor = taken.cursor;
      await store.orders.cancel(order.id);
      const returned = await changes(cursor);
      expect(written(returned).get(a.id)?.stock).toBe(10);
      await store.products.bulkWrite([
        [{ op: 'create', product: newProductSchema.parse({ name: 'Imported C', price: 12 }) }],
      ]);
      const imported = (await store.products.findByName('Imported C'))!;
      expect(written(await changes(returned.cursor)).get(imported.id)).toEqual(imported);
    });

    it('reports a deleted product as removed, not written, and a clear as every product removed', async () => {
      const kept = await add('Kept');
      const gone = await add('Gone');
      const cursor = await start();
      const brief = await add('Brief');
      await store.products.delete(gone.id);
      await store.products.delete(brief.id);
      const answer = await changes(cursor);
      expect(answer.removed).toEqual(expect.arrayContaining([gone.id, brief.id]));
      expect(written(answer).has(gone.id) || written(answer).has(brief.id)).toBe(false);
      await store.clear();
      const cleared = await store.products.changesSince(answer.cursor, LIMIT);
      expect(cleared.reset || cleared.removed.includes(kept.id)).toBe(true);
    });

    it('answers a reset when more products changed than the caller takes', async () => {
      const cursor = await start();
      await store.products.bulkWrite([
        Array.from({ length: 5 }, (_, i) => ({
          op: 'create' as const,
          product: newProductSchema.parse({ name: `Many ${i}`, price: 10 }),
        })),
      ]);
      expect((await store.products.changesSince(cursor, 3)).reset).toBe(true);
      const all = await store.products.changesSince(cursor, 5);
      expect(all.reset ? [] : all.products.map((p) => p.name).sort()).toEqual([
        'Many 0',
        'Many 1',
        'Many 2',
        'Many 3',
        'Many 4',
      ]);
    });
  });
}
