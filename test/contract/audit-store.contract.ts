import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asActor } from '../../shared/backend/audit/actor.js';
import type { Store } from '../../shared/backend/store/port.js';
import { type AuditEntry, type AuditQuery, cliActor } from '../../shared/domain/audit.js';
import { DuplicateNameError, StaleError } from '../../shared/domain/errors.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { placeStoredOrder } from '../support/place-order.js';
import { streamed } from './product-bulk.contract.js';
import type { StoreFactory } from './product-store.contract.js';
import { sized } from './variant-store.contract.js';

const STAFF = 'grace@example.com';
const GRACE = { actor: STAFF, actorUid: 'uid-grace' };
const OPS = { actor: 'ops@example.com', actorUid: 'uid-ops' };
const product = (name: string, price = 20, stock: number | null = null) =>
  newProductSchema.parse({ name, price, stock });

/** The audit log: what every store adapter must record, with the change, and list. */
export function describeAuditStoreContract(adapter: string, factory: StoreFactory): void {
  describe(`${adapter} store: audit log`, () => {
    let store: Store;
    let clock: number;
    const staff = <T>(work: () => Promise<T>) => asActor(GRACE, work);
    const list = async (query: Partial<AuditQuery> = {}) =>
      (await store.audit.list({ limit: 50, ...query })).entries;

    beforeEach(async () => {
      clock = Date.UTC(2026, 4, 1, 10);
      store = await factory.open(() => clock++);
    });
    afterEach(async () => {
      await store.close();
    });

    it('records a product created, edited, toggled and deleted by staff, with only the fields changed, newest first', async () => {
      const bpc = await staff(() => store.products.add(sized('BPC-157', { category: 'Repair' })));
      await staff(() =>
        store.products.update(bpc.id, {
          category: 'Recovery',
          variants: bpc.variants.map((v, i) => ({ ...v, price: i === 1 ? 75 : v.price })),
        }),
      );
      await staff(() => store.products.setAvailability(bpc.id, false));
      await staff(() => store.products.delete(bpc.id));

      const entries = await list({ entity: 'product', entityId: bpc.id });
      expect(entries.map((e) => e.action)).toEqual(['deleted', 'updated', 'updated', 'created']);
      expect(
        entries.every((e) => e.actor === STAFF && e.actorUid === GRACE.actorUid && e.entity === 'product'),
      ).toBe(true);
      const [deleted, toggled, edited, created] = entries as [AuditEntry, AuditEntry, AuditEntry, AuditEntry];
      expect(created.before).toEqual({});
      expect(created.after).toMatchObject({ name: 'BPC-157', category: 'Repair', available: true });
      const tenMg = bpc.variants[1]!.id;
      expect(edited.before).toEqual({ category: 'Repair', [`variants.${tenMg}.price`]: 69 });
      expect(edited.after).toEqual({ category: 'Recovery', [`variants.${tenMg}.price`]: 75 });
      expect(toggled).toMatchObject({ before: { available: true }, after: { available: false } });
      expect(deleted.before).toMatchObject({ name: 'BPC-157', category: 'Recovery', available: false });
      expect(deleted.after).toEqual({});
      expect(created.at.seconds).toBe(Math.floor(Date.UTC(2026, 4, 1, 10) / 1000));
    });

    it('records nothing for changes made with no actor, such as a shopper’s checkout taking stock', async () => {
      const tb = await store.products.add(product('TB-500', 30, 5));
      await placeStoredOrder(store.orders, tb.id, 2);
      await store.products.update(tb.id, { brand: 'Helix' });
      expect(await list()).toEqual([]);
    });

    it('records staff’s order changes (paid, shipped) and a cancellation with its stock put back on the order alone', async () => {
      const tb = await store.products.add(product('TB-500', 30, 5));
      const first = await placeStoredOrder(store.orders, tb.id, 1);
      const second = await placeStoredOrder(store.orders, tb.id, 1);
      await staff(() => store.orders.markPaid(first.id, { reference: 'wire 42' }));
      await staff(() => store.orders.markShipped(first.id, { carrier: 'UPS', number: '1Z999' }));
      await staff(() => store.orders.cancel(second.id, 'asked by the shopper'));

      const shipped = await list({ entity: 'order', entityId: first.id });
      expect(shipped.map((e) => [e.before, e.after])).toEqual([
        [
          { status: 'paid', tracking: null },
          { status: 'shipped', 'tracking.carrier': 'UPS', 'tracking.number': '1Z999' },
        ],
        [
          { status: 'pending_payment', 'payment.reference': null },
          { status: 'paid', 'payment.reference': 'wire 42' },
        ],
      ]);
      const cancelled = await list({ entity: 'order', entityId: second.id });
      expect(cancelled).toMatchObject([
        {
          actor: STAFF,
          action: 'updated',
          before: { status: 'pending_payment' },
          after: { status: 'cancelled' },
        },
      ]);
      // the stock put back is the order's doing, not an edit of the product
      expect(await list({ entity: 'product' })).toEqual([]);
    });

    it('records lots added and deleted, by lot number', async () => {
      const bpc = await store.products.add(sized('BPC-157'));
      const lot = {
        lotNumber: 'hp-77',
        productId: bpc.id,
        variantId: bpc.variants[0]!.id,
        testedAt: '2026-04-20',
        purity: 99.1,
        coaUrl: '/files/coa/hp-77.pdf',
      };
      await staff(() => store.lots.add(lot));
      await staff(() => store.lots.delete('HP-77'));
      const entries = await list({ entity: 'lot' });
      expect(entries).toMatchObject([
        { entityId: 'HP-77', action: 'deleted', before: { purity: 99.1 }, after: {} },
        { entityId: 'HP-77', action: 'created', before: {}, after: { purity: 99.1, productId: bpc.id } },
      ]);
    });

    it('writes an entry only with its change: a refused edit or add leaves none', async () => {
      const tb = await staff(() => store.products.add(product('TB-500')));
      await expect(
        staff(() => store.products.update(tb.id, { price: 25 }, { expectedVersion: tb.version + 1 })),
      ).rejects.toBeInstanceOf(StaleError);
      await expect(staff(() => store.products.add(product('tb-500')))).rejects.toBeInstanceOf(
        DuplicateNameError,
      );
      expect((await list()).map((e) => e.action)).toEqual(['created']);
    });

    it('records an import one entry per product, and takes them back with an import that fails', async () => {
      const old = await store.products.add(product('GHK-Cu', 10));
      await asActor(cliActor('ops'), () =>
        store.products.bulkWrite([
          [
            { op: 'create', product: product('MOTS-c', 60) },
            { op: 'update', id: old.id, patch: { price: 12 } },
          ],
        ]),
      );
      const imported = await list({ actor: 'cli:ops' });
      expect(imported).toHaveLength(2);
      // a created product's entry holds its whole state, bookkeeping left out
      const { id, createdAt, updatedAt, version, ...state } = (await store.products.findByName('MOTS-c'))!;
      expect(imported.find((e) => e.entityId === id)).toMatchObject({ action: 'created', before: {} });
      expect(imported.find((e) => e.entityId === id)!.after).toStrictEqual(state);
      expect(imported.find((e) => e.entityId === old.id)).toMatchObject({
        action: 'updated',
        before: { price: 10 },
        after: { price: 12 },
      });

      await expect(
        asActor(cliActor('ops'), () =>
          store.products.bulkWrite(
            streamed(
              [[{ op: 'create', product: product('Semax', 40) }], [{ op: 'create', product: product('x') }]],
              1,
            ),
          ),
        ),
      ).rejects.toThrow('the source gave up');
      expect(await list({ actor: 'cli:ops' })).toEqual(imported);
    });

    it('names the person by uid beside the e-mail they had, so a change made under a colleague’s e-mail is still theirs', async () => {
      const tb = await staff(() => store.products.add(product('TB-500')));
      await asActor(OPS, () => store.products.update(tb.id, { brand: 'Helix' }));
      // ops changes their own account's e-mail to grace's, then edits again
      const posing = { actor: STAFF, actorUid: OPS.actorUid };
      await asActor(posing, () => store.products.update(tb.id, { brand: 'Forged' }));

      const byOps = await list({ actorUid: OPS.actorUid });
      expect(byOps.map((e) => [e.actor, e.after])).toEqual([
        [STAFF, { brand: 'Forged' }],
        ['ops@example.com', { brand: 'Helix' }],
      ]);
      expect((await list({ actorUid: GRACE.actorUid })).map((e) => e.action)).toEqual(['created']);
      // the e-mail alone names both people; the uid tells them apart
      expect((await list({ actor: STAFF })).map((e) => e.actorUid)).toEqual([OPS.actorUid, GRACE.actorUid]);
    });

    it('records the CLI by its operating-system user with no uid, and reads entries with no uid as before', async () => {
      await asActor(cliActor('ops'), () => store.products.add(product('Semax')));
      await store.audit.record([
        {
          actor: 'old@example.com',
          entity: 'settings',
          entityId: 'tax',
          action: 'updated',
          before: {},
          after: {},
        },
      ]);
      const [noUid, cli] = (await list()) as [AuditEntry, AuditEntry];
      expect(cli.actor).toBe('cli:ops');
      expect(noUid.actor).toBe('old@example.com');
      expect('actorUid' in cli || 'actorUid' in noUid).toBe(false);
      expect(await list({ actorUid: 'cli:ops' })).toEqual([]);
    });

    it('lists by entity, id, actor and time, a page at a time, and keeps entries recorded from outside the store', async () => {
      const a = await staff(() => store.products.add(product('A')));
      const since = clock;
      await asActor(OPS, () => store.products.update(a.id, { price: 21 }));
      await store.audit.record([
        {
          actor: STAFF,
          entity: 'admin',
          entityId: 'lin@example.com',
          action: 'updated',
          before: { role: null },
          after: { role: 'admin' },
        },
      ]);
      await staff(() => store.products.update(a.id, { price: 22 }));

      expect((await list({ actor: 'ops@example.com' })).map((e) => e.after.price)).toEqual([21]);
      expect((await list({ entity: 'admin' })).map((e) => e.entityId)).toEqual(['lin@example.com']);
      expect(await list({ sinceMs: since })).toHaveLength(3);
      expect(await list({ sinceMs: clock + 1_000 })).toEqual([]);

      const first = await store.audit.list({ limit: 3 });
      expect(first.entries).toHaveLength(3);
      expect(first.next).toBe(first.entries[2]!.id);
      const second = await store.audit.list({ limit: 3, before: first.next! });
      expect(second).toMatchObject({ next: null, entries: [{ action: 'created', entityId: a.id }] });
      expect([...first.entries, ...second.entries].map((e) => e.after)).toEqual([
        expect.objectContaining({ price: 22 }),
        { role: 'admin' },
        expect.objectContaining({ price: 21 }),
        expect.objectContaining({ name: 'A' }),
      ]);
    });
  });
}
