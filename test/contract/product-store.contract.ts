import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { productNameSkeleton } from '../../shared/backend/product-name-skeleton.js';
import type { Store } from '../../shared/backend/store/port.js';
import { DUPLICATE_NAME_MESSAGE, DuplicateNameError, NotFoundError } from '../../shared/domain/errors.js';
import { type NewProductInput, newProductSchema, type Product } from '../../shared/domain/product.js';

export interface StoreFactory {
  /** Opens an empty store whose clock is `now()`. */
  open(now: () => number): Promise<Store>;
}

const product = (input: Partial<NewProductInput> & { name: string }) =>
  newProductSchema.parse({ price: 49.99, ...input });

/** The behaviour every store adapter must show; run once per adapter. */
export function describeProductStoreContract(adapter: string, factory: StoreFactory): void {
  describe(`${adapter} store: products`, () => {
    let store: Store;
    let clock: number;

    beforeEach(async () => {
      clock = Date.UTC(2026, 0, 15, 12, 0, 0, 250);
      store = await factory.open(() => clock);
    });
    afterEach(async () => {
      await store.close();
    });

    it('creates products available, with createdAt = updatedAt = now and the fields given', async () => {
      const created = await store.products.add(
        product({ name: '  BPC-157 5mg ', price: 39.5, category: 'Repair', brand: 'Helix', stock: 12 }),
      );
      expect(created).toMatchObject({
        name: 'BPC-157 5mg',
        price: 39.5,
        available: true,
        category: 'Repair',
        brand: 'Helix',
        stock: 12,
        description: '',
        imgUrl: '',
      });
      expect(created.id).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(created.createdAt).toEqual({ seconds: Math.floor(clock / 1000), nanoseconds: 250_000_000 });
      expect(created.updatedAt).toEqual(created.createdAt);
      expect(await store.products.get(created.id)).toEqual(created);
    });

    it('refuses a second product with the same name, whatever its case and spacing', async () => {
      await store.products.add(product({ name: 'TB-500' }));
      const attempt = store.products.add(product({ name: '  tb-500 ' }));
      await expect(attempt).rejects.toBeInstanceOf(DuplicateNameError);
      await expect(attempt).rejects.toThrow(DUPLICATE_NAME_MESSAGE);
      expect(await store.products.listAll()).toHaveLength(1);
    });

    it('refuses a name that differs only by invisible characters or compatibility forms, on adding and renaming', async () => {
      const tb = await store.products.add(product({ name: 'TB-500' }));
      for (const name of ['TB-500\u200b', '\ufeffTB-500', 'TB\u00ad-500', 'TB-\u200d500', 'ＴＢ-５００']) {
        await expect(store.products.add(product({ name })), JSON.stringify(name)).rejects.toBeInstanceOf(
          DuplicateNameError,
        );
      }
      const other = await store.products.add(product({ name: 'Selank' }));
      await expect(store.products.update(other.id, { name: 'TB-500\u2060' })).rejects.toBeInstanceOf(
        DuplicateNameError,
      );
      expect(await store.products.findByName('ｔｂ-500\u200e')).toEqual(tb);
      expect((await store.products.findByNames(['TB\u00ad-500'])).get(productNameSkeleton('TB-500'))).toEqual(
        tb,
      );
      expect(await store.products.listAll()).toHaveLength(2);
    });

    it('leaves exactly one product when 50 adds of one name race', async () => {
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          store.products.add(product({ name: i % 2 ? 'Ipamorelin' : 'IPAMORELIN ' })),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(failures).toHaveLength(49);
      for (const f of failures) expect(f.reason).toBeInstanceOf(DuplicateNameError);
      expect(await store.products.listAll()).toHaveLength(1);
    });

    it('refuses a look-alike of a stored name (UTS #39 skeleton) and finds the stored product by it', async () => {
      const bpc = await store.products.add(product({ name: 'BPC-157' }));
      for (const lookalike of ['BPC\u2010157', '\u0392PC-157', 'ВРС-157', 'BPC-I57', 'ＢＰＣ－１５７'])
        await expect(store.products.add(product({ name: lookalike })), lookalike).rejects.toBeInstanceOf(
          DuplicateNameError,
        );
      expect((await store.products.findByName('\u0392PC\u2010157'))?.id).toBe(bpc.id);
      const other = await store.products.add(product({ name: 'Other' }));
      await expect(store.products.update(other.id, { name: 'ΒPC-157' })).rejects.toBeInstanceOf(
        DuplicateNameError,
      );
      // Names that only look alike once folded to one case stay apart: GLP-1 is not GIP-1.
      await store.products.add(product({ name: 'GLP-1' }));
      await store.products.add(product({ name: 'GIP-1' }));
      expect((await store.products.listAll()).map((p) => p.name)).toEqual([
        'BPC-157',
        'GIP-1',
        'GLP-1',
        'Other',
      ]);
    });

    it('finds by name trimmed and case-insensitively', async () => {
      const created = await store.products.add(product({ name: 'Semaglutide 2mg' }));
      expect(await store.products.findByName(' SEMAGLUTIDE 2MG ')).toEqual(created);
      expect(await store.products.findByName('Semaglutide')).toBeNull();
    });

    it('lists available products only for shoppers and all of them for admins, by name', async () => {
      const b = await store.products.add(product({ name: 'b peptide' }));
      await store.products.add(product({ name: 'A peptide' }));
      await store.products.add(product({ name: 'C peptide' }));
      await store.products.setAvailability(b.id, false);
      expect((await store.products.listAvailable()).map((p) => p.name)).toEqual(['A peptide', 'C peptide']);
      expect((await store.products.listAll()).map((p) => p.name)).toEqual([
        'A peptide',
        'b peptide',
        'C peptide',
      ]);
    });

    it('lists every product in pages of the size asked, by name, each product once, as listAll does', async () => {
      const names = ['e', 'A', 'c', 'B', 'd', 'F', 'g'].map((letter) => `${letter} peptide`);
      for (const name of names) await store.products.add(product({ name }));
      const hidden = await store.products.findByName('c peptide');
      await store.products.setAvailability(hidden!.id, false);
      const pages: string[][] = [];
      for await (const page of store.products.listAllInPages(3)) pages.push(page.map((p) => p.name));
      expect(pages).toEqual([
        ['A peptide', 'B peptide', 'c peptide'],
        ['d peptide', 'e peptide', 'F peptide'],
        ['g peptide'],
      ]);
      const whole: Product[] = [];
      for await (const page of store.products.listAllInPages(7)) whole.push(...page);
      expect(whole).toEqual(await store.products.listAll());
      await store.clear();
      const none: Product[][] = [];
      for await (const page of store.products.listAllInPages(3)) none.push(page);
      expect(none).toEqual([]);
    });

    it('updates the given fields and sets updatedAt to now', async () => {
      const created = await store.products.add(product({ name: 'GHK-Cu', stock: 3 }));
      clock += 60_000;
      const updated = await store.products.update(created.id, {
        price: 25,
        stock: null,
        description: '<p>x</p>',
      });
      expect(updated).toMatchObject({ name: 'GHK-Cu', price: 25, stock: null, description: '<p>x</p>' });
      expect(updated.createdAt).toEqual(created.createdAt);
      expect(updated.updatedAt.seconds).toBe(created.updatedAt.seconds + 60);
    });

    it('refuses renaming onto a taken name but allows changing the case of its own name', async () => {
      await store.products.add(product({ name: 'Selank' }));
      const other = await store.products.add(product({ name: 'Semax' }));
      await expect(store.products.update(other.id, { name: ' SELANK' })).rejects.toThrow(
        DUPLICATE_NAME_MESSAGE,
      );
      expect((await store.products.get(other.id))?.name).toBe('Semax');
      expect((await store.products.update(other.id, { name: 'SEMAX' })).name).toBe('SEMAX');
    });

    it('sets availability both ways', async () => {
      const created = await store.products.add(product({ name: 'Epitalon' }));
      clock += 1000;
      const off = await store.products.setAvailability(created.id, false);
      expect(off.available).toBe(false);
      expect(off.updatedAt.seconds).toBe(created.updatedAt.seconds + 1);
      expect((await store.products.setAvailability(created.id, true)).available).toBe(true);
    });

    it('reports unknown ids as not found', async () => {
      await expect(store.products.update('missing', { price: 1 })).rejects.toBeInstanceOf(NotFoundError);
      await expect(store.products.setAvailability('missing', true)).rejects.toBeInstanceOf(NotFoundError);
      expect(await store.products.get('missing')).toBeNull();
      expect(await store.products.delete('missing')).toBe(false);
    });

    it('deletes, freeing the name for a new product', async () => {
      const created = await store.products.add(product({ name: 'Thymosin Alpha-1' }));
      expect(await store.products.delete(created.id)).toBe(true);
      expect(await store.products.get(created.id)).toBeNull();
      await expect(store.products.add(product({ name: 'thymosin alpha-1' }))).resolves.toMatchObject({
        name: 'thymosin alpha-1',
      });
    });

    it('keeps prices exact to the cent', async () => {
      const prices = [0.01, 0.1, 19.99, 1234.5, 99999.99];
      for (const [i, price] of prices.entries()) await store.products.add(product({ name: `P${i}`, price }));
      expect((await store.products.listAll()).map((p) => p.price)).toEqual(prices);
    });

    it('changes its change token on every write and not otherwise', async () => {
      const t0 = await store.products.changeToken();
      expect(await store.products.changeToken()).toBe(t0);
      const created = await store.products.add(product({ name: 'Kisspeptin' }));
      const t1 = await store.products.changeToken();
      expect(t1).not.toBe(t0);
      await store.products.setAvailability(created.id, false);
      const t2 = await store.products.changeToken();
      expect(t2).not.toBe(t1);
      await store.products.delete(created.id);
      expect(await store.products.changeToken()).not.toBe(t2);
    });
  });
}
