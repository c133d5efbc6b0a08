import { databaseFile, type ShopConfig } from '../config.js';
import type { Store } from './port.js';
import { openSqliteStore } from './sqlite/sqlite-store.js';

/** Opens the store the configuration names. */
export async function openStore(config: Pick<ShopConfig, 'backend' | 'dataDir'>): Promise<Store> {
  switch (config.backend) {
    case 'sqlite':
      return openSqliteStore({ file: databaseFile(config) });
    case 'firestore':
      throw new Error('The firestore backend is not available in this version; use SHOP_BACKEND=sqlite');
  }
}
