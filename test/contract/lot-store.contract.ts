import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewLot, Store } from '../../shared/backend/store/port.js';
import { DuplicateLotError } from '../../shared/domain/errors.js';
import type { Product } from '../../shared/domain/product.js';
import type { StoreFactory } from './product-store.contract.js';
import { sized } from './variant-store.contract.js';

/** Lots with their certificates of analysis: the behaviour every store adapter must show. */
export function describeLotStoreContract(adapter: string, factory: StoreFactory): void {
  describe(`${adapter} store: lots`, () => {
    let store: Store;
    let clock: number;
    let bpc: Product;
    const lot = (lotNumber: string, testedAt: string, variant = 0): NewLot => ({
      lotNumber,
      productId: bpc.id,
      variantId: bpc.variants[variant]!.id,
      testedAt,
      purity: 99.2,
      coaUrl: `/files/coa/${testedAt}.pdf`,
    });

    beforeEach(async () => {
      clock = Date.UTC(2026, 9, 1, 8);
      store = await factory.open(() => clock);
      bpc = await store.products.add(sized('BPC-157'));
    });
    afterEach(async () => {
      await store.close();
    });

    it('records a lot as printed, upper-cased, and finds it whatever the case and spacing', async () => {
      const added = await store.lots.add(lot(' hp-2410/a ', '2026-09-20', 1));
      expect(added).toEqual({
        lotNumber: 'HP-2410/A',
        productId: bpc.id,
        variantId: bpc.variants[1]!.id,
        testedAt: '2026-09-20',
        purity: 99.2,
        coaUrl: '/files/coa/2026-09-20.pdf',
        createdAt: { seconds: clock / 1000, nanoseconds: 0 },
      });
      expect(await store.lots.get('hp-2410/a')).toEqual(added);
      expect(await store.lots.get(' HP-2410/A')).toEqual(added);
      expect(await store.lots.get('HP-2410')).toBeNull();
    });

    it('refuses a lot number already recorded, whatever its case, keeping the first', async () => {
      const first = await store.lots.add(lot('HP-1', '2026-09-01'));
      await expect(store.lots.add({ ...lot('hp-1', '2026-09-02', 1), purity: 98 })).rejects.toBeInstanceOf(
        DuplicateLotError,
      );
      expect(await store.lots.get('HP-1')).toEqual(first);
      expect(await store.lots.list()).toEqual([first]);
    });

    it('lists a product’s lots most recently tested first, and every lot likewise', async () => {
      const other = await store.products.add(sized('TB-500'));
      await store.lots.add(lot('HP-OLD', '2026-01-10'));
      clock += 1000;
      await store.lots.add(lot('HP-NEW', '2026-08-01', 1));
      clock += 1000;
      await store.lots.add(lot('HP-MID', '2026-05-05'));
      clock += 1000;
      await store.lots.add({
        ...lot('TB-1', '2026-07-01'),
        productId: other.id,
        variantId: other.variants[0]!.id,
      });
      expect((await store.lots.listForProduct(bpc.id)).map((l) => l.lotNumber)).toEqual([
        'HP-NEW',
        'HP-MID',
        'HP-OLD',
      ]);
      expect((await store.lots.listForProduct(other.id)).map((l) => l.lotNumber)).toEqual(['TB-1']);
      expect((await store.lots.list()).map((l) => l.lotNumber)).toEqual([
        'HP-NEW',
        'TB-1',
        'HP-MID',
        'HP-OLD',
      ]);
    });

    it('deletes a lot by number whatever its case, freeing the number', async () => {
      await store.lots.add(lot('HP-7', '2026-09-01'));
      expect(await store.lots.delete('hp-7')).toBe(true);
      expect(await store.lots.delete('HP-7')).toBe(false);
      expect(await store.lots.get('HP-7')).toBeNull();
      expect((await store.lots.add(lot('HP-7', '2026-09-02'))).testedAt).toBe('2026-09-02');
    });

    it('removes a product’s lots with the product, and every lot on clear()', async () => {
      const other = await store.products.add(sized('TB-500'));
      await store.lots.add(lot('HP-1', '2026-09-01'));
      await store.lots.add({
        ...lot('TB-1', '2026-07-01'),
        productId: other.id,
        variantId: other.variants[0]!.id,
      });
      await store.products.delete(bpc.id);
      expect(await store.lots.get('HP-1')).toBeNull();
      expect((await store.lots.list()).map((l) => l.lotNumber)).toEqual(['TB-1']);
      await store.clear();
      expect(await store.lots.list()).toEqual([]);
      expect(await store.products.findBySku('TB-500-5')).toBeNull();
    });
  });
}
