import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackupUnsupportedError } from '../../shared/backend/store/backup-unsupported-error.js';
import type { Store } from '../../shared/backend/store/port.js';
import { newProductSchema } from '../../shared/domain/product.js';
import type { StoreFactory } from './product-store.contract.js';

export interface StorePortFactory extends StoreFactory {
  /** Opens the store last opened again, as another process or a restart would. */
  openAgain(now: () => number): Promise<Store>;
  /** 'file': backup() writes a copy; 'managed': the provider keeps the backups (managed export). */
  backups: 'file' | 'managed';
}

/** What the server and the CLI need of a store besides its repositories; run once per adapter. */
export function describeStorePortContract(adapter: string, factory: StorePortFactory): void {
  describe(`${adapter} store: meta, maintenance and backup`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-store-port-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    let store: Store;
    const now = () => Date.UTC(2026, 10, 1);
    beforeEach(async () => {
      store = await factory.open(now);
    });
    afterEach(async () => {
      await store.close();
    });

    it('keeps small facts about itself, through clear() and reopening', async () => {
      expect(await store.meta.get('sample_catalogue_seeded_at')).toBeNull();
      await store.meta.set('sample_catalogue_seeded_at', '2026-11-01T00:00:00.000Z');
      await store.meta.set('sample_catalogue_seeded_at', '2026-11-02T00:00:00.000Z');
      await store.meta.set('a/key with/slashes', 'kept apart');
      await store.clear();
      await store.close();
      store = await factory.openAgain(now);
      expect(await store.meta.get('sample_catalogue_seeded_at')).toBe('2026-11-02T00:00:00.000Z');
      expect(await store.meta.get('a/key with/slashes')).toBe('kept apart');
      expect(await store.meta.get('a')).toBeNull();
    });

    it('starts its maintenance and stops it again, leaving the store usable', async () => {
      const maintenance = store.startMaintenance();
      await maintenance.stop();
      expect((await store.products.add(newProductSchema.parse({ name: 'After', price: 5 }))).name).toBe(
        'After',
      );
    });

    it(
      factory.backups === 'file'
        ? 'backs up to a file holding what it holds'
        : 'refuses a backup, saying how the managed export does it',
      async () => {
        await store.products.add(newProductSchema.parse({ name: 'Backed up', price: 5 }));
        const file = join(dir, `backup-${Date.now()}.sqlite`);
        if (factory.backups === 'managed') {
          const refused = await store.backup(file).catch((error: unknown) => error);
          expect(refused).toBeInstanceOf(BackupUnsupportedError);
          expect((refused as Error).message).toContain('gcloud firestore export');
          expect(existsSync(file)).toBe(false);
          return;
        }
        const summary = await store.backup(file);
        expect(summary).toMatchObject({ file, products: 1, orders: 0, messages: 0 });
        const copy = new Database(file, { readonly: true });
        expect(copy.prepare('SELECT name FROM products').all()).toEqual([{ name: 'Backed up' }]);
        copy.close();
      },
    );
  });
}
