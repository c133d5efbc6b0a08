import { deleteApp, initializeApp } from 'firebase-admin/app';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshProjectId, startFirestoreEmulator } from '../support/firestore-emulator.js';

// What the adapter relies on Firestore for, pinned down so that the npm emulator (patched, see
// vendor/patches/README.md) behaves as real Firestore does. Passes against the official emulator too.
// Contended transactions retry with Firestore's backoff (about a second a round) on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const emulator = await startFirestoreEmulator();
afterAll(() => emulator.stop());

describe(`Firestore behaviour the adapter relies on (${emulator.kind} emulator)`, () => {
  let db: Firestore;
  let close: () => Promise<void>;
  beforeEach(() => {
    const app = initializeApp({ projectId: freshProjectId('behaviour') }, freshProjectId('app'));
    db = getFirestore(app);
    close = () => deleteApp(app);
  });
  afterEach(() => close());

  const names = (docs: { id: string }[]) => docs.map((d) => d.id);

  it('retries a transaction whose read document changed before it committed', async () => {
    const counter = db.doc('counters/c');
    await counter.set({ n: 0 });
    let attempts = 0;
    await Promise.all(
      Array.from({ length: 5 }, () =>
        db.runTransaction(async (tx) => {
          attempts++;
          const n = (await tx.get(counter)).get('n') as number;
          tx.update(counter, { n: n + 1 });
        }),
      ),
    );
    expect((await counter.get()).get('n')).toBe(5);
    expect(attempts).toBeGreaterThan(5);
  });

  it('applies a batch all or nothing when one write’s precondition fails', async () => {
    await db.doc('items/taken').create({ v: 1 });
    const batch = db.batch();
    batch.create(db.doc('items/first'), { v: 1 });
    batch.create(db.doc('items/taken'), { v: 2 });
    await expect(batch.commit()).rejects.toMatchObject({ code: 6 });
    expect((await db.doc('items/first').get()).exists).toBe(false);
    expect((await db.doc('items/taken').get()).get('v')).toBe(1);
  });

  it('orders and filters integers and doubles as one number type', async () => {
    for (const [id, price] of [
      ['a', 39.5],
      ['b', 25],
      ['c', 100],
      ['d', 0.99],
    ] as const)
      await db.doc(`prices/${id}`).set({ price });
    expect(names((await db.collection('prices').orderBy('price').get()).docs)).toEqual(['d', 'b', 'a', 'c']);
    expect(
      names((await db.collection('prices').where('price', '>=', 25).orderBy('price').get()).docs),
    ).toEqual(['b', 'a', 'c']);
  });

  it('pages with startAfter, endBefore and offset, leaving out documents without the order field', async () => {
    for (const n of [5, 1, 4, 2, 3]) await db.doc(`pages/p${n}`).set({ n });
    await db.doc('pages/unordered').set({ other: true });
    const ordered = db.collection('pages').orderBy('n');
    expect(names((await ordered.get()).docs)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect(names((await ordered.startAfter(2).limit(2).get()).docs)).toEqual(['p3', 'p4']);
    expect(names((await ordered.startAt(2).endBefore(4).get()).docs)).toEqual(['p2', 'p3']);
    expect(names((await ordered.offset(3).get()).docs)).toEqual(['p4', 'p5']);
    const firstPage = await ordered.limit(2).get();
    expect(names((await ordered.startAfter(firstPage.docs.at(-1)!).limit(2).get()).docs)).toEqual([
      'p3',
      'p4',
    ]);
    expect(names((await db.collection('pages').orderBy('n', 'desc').limit(2).get()).docs)).toEqual([
      'p5',
      'p4',
    ]);
  });
});
