import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BulkImportIncompleteError } from '../../shared/backend/store/bulk-import-incomplete-error.js';
import {
  type FirestoreStore,
  openFirestoreStore,
} from '../../shared/backend/store/firestore/firestore-store.js';
import type { ProductWrite } from '../../shared/backend/store/port.js';
import { DuplicateNameError } from '../../shared/domain/errors.js';
import { newProductSchema } from '../../shared/domain/product.js';
import {
  freshProjectId,
  startFirestoreEmulator,
  startPrivateFirestoreEmulator,
} from '../support/firestore-emulator.js';

vi.setConfig({ testTimeout: 60_000 });
const emulator = await startFirestoreEmulator();
afterAll(() => emulator.stop());

const create = (name: string): ProductWrite => ({
  op: 'create',
  product: newProductSchema.parse({ name, price: 10 }),
});

// One Firestore commit cannot hold a large import, so the adapter commits chunk by chunk and undoes
// the committed chunks when the import fails later on.
describe(`firestore store: bulk import across several commits (${emulator.kind} emulator)`, () => {
  let store: FirestoreStore;
  beforeEach(() => {
    store = openFirestoreStore({ projectId: freshProjectId('bulk') });
  });
  afterEach(() => store.close());

  it('undoes every committed chunk, creates and renames alike, when a later batch fails', async () => {
    const existing = await store.products.add(newProductSchema.parse({ name: 'Existing', price: 30 }));
    const many = Array.from({ length: 450 }, (_, i) => create(`Peptide ${i}`));
    const attempt = store.products.bulkWrite([
      [...many, { op: 'update', id: existing.id, patch: { name: 'Renamed', price: 31 } }],
      [create('PEPTIDE 7')],
    ]);
    await expect(attempt).rejects.toBeInstanceOf(DuplicateNameError);
    // The undo is a write too: the version moves on past the import's, so an editor who opened the
    // imported values cannot save over the restored ones.
    const restored = { ...existing, version: existing.version + 2 };
    expect(await store.products.listAll()).toEqual([restored]);
    expect(await store.products.findByName('existing')).toEqual(restored);
    expect(await store.products.findByName('Renamed')).toBeNull();
    expect(await store.products.findByName('Peptide 7')).toBeNull();
    await expect(
      store.products.add(newProductSchema.parse({ name: 'Renamed', price: 1 })),
    ).resolves.toMatchObject({
      name: 'Renamed',
    });
  });

  it('commits imports larger than one Firestore commit', async () => {
    const names = Array.from({ length: 650 }, (_, i) => `Bulk ${String(i).padStart(3, '0')}`);
    expect(await store.products.bulkWrite([names.map(create)])).toEqual({ created: 650, updated: 0 });
    expect((await store.products.listAll()).map((p) => p.name)).toEqual(names);
  });
});

describe('firestore store: bulk import that cannot be undone', () => {
  it('says which products are still written when the undo fails too', async () => {
    const lonely = await startPrivateFirestoreEmulator();
    const store = lonely.withHost(() => openFirestoreStore({ projectId: freshProjectId('undo') }));
    async function* batches() {
      yield [create('Alpha'), create('Beta')];
      lonely.stop();
      throw new Error('the source gave up');
    }
    const error = await store.products.bulkWrite(batches()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BulkImportIncompleteError);
    const incomplete = error as BulkImportIncompleteError;
    expect(incomplete.stillCreated.map((p) => p.name)).toEqual(['Alpha', 'Beta']);
    expect(incomplete.stillUpdated).toEqual([]);
    expect(incomplete.message).toMatch(
      /^The import failed \(the source gave up\) and undoing it failed too; everything else it wrote was undone\. Still in the store: 2 created product\(s\): Alpha \([A-Za-z0-9]{20}\), Beta/,
    );
    await store.close();
  });

  it('says which products it updated and could not put back', async () => {
    const lonely = await startPrivateFirestoreEmulator();
    const store = lonely.withHost(() => openFirestoreStore({ projectId: freshProjectId('undo') }));
    const gamma = await store.products.add(newProductSchema.parse({ name: 'Gamma', price: 20 }));
    const delta = await store.products.add(newProductSchema.parse({ name: 'Delta', price: 25 }));
    async function* batches(): AsyncGenerator<ProductWrite[]> {
      yield [
        { op: 'update', id: gamma.id, patch: { name: 'Gamma II', price: 21 } },
        create('Epsilon'),
        { op: 'update', id: delta.id, patch: { price: 26 } },
      ];
      lonely.stop();
      throw new Error('the source gave up');
    }
    const error = await store.products.bulkWrite(batches()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BulkImportIncompleteError);
    const incomplete = error as BulkImportIncompleteError;
    expect(incomplete.stillUpdated).toEqual([
      { id: gamma.id, name: 'Gamma' },
      { id: delta.id, name: 'Delta' },
    ]);
    expect(incomplete.stillCreated.map((p) => p.name)).toEqual(['Epsilon']);
    expect(incomplete.message).toContain(
      `1 created product(s): Epsilon (${incomplete.stillCreated[0]!.id}); 2 updated product(s) not restored: Gamma (${gamma.id}), Delta (${delta.id}).`,
    );
    await store.close();
  });
});
