import { databaseFile, type ShopConfig } from '../config.js';
import type { Store } from './port.js';
import { openSqliteStore } from './sqlite/sqlite-store.js';

/** Opens the store the configuration names. */
export async function openStore(config: Pick<ShopConfig, 'backend' | 'dataDir'>): Promise<Store> {
  switch (config.backend) {
    case 'sqlite':
      // Edits from another process (the CLI) reach cached listings within 50 ms, and the hot
      // catalogue path skips re-reading SQLite's change counter on every request.
      return openSqliteStore({ file: databaseFile(config), externalChangeWindowMs: 50 });
    case 'firestore':
      throw new Error('The firestore backend is not available in this version; use SHOP_BACKEND=sqlite');
  }
}
