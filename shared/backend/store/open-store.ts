import { databaseFile, type ShopConfig } from '../config.js';
import type { Store } from './port.js';

/** Opens the store the configuration names. */
export async function openStore(
  config: Pick<ShopConfig, 'backend' | 'dataDir' | 'projectId'>,
): Promise<Store> {
  switch (config.backend) {
    // Each adapter loads only when chosen: the embedded shop and the CLI do not pay for Firestore's
    // client, and the hosted function does not need SQLite's native module.
    case 'sqlite': {
      const { openSqliteStore } = await import('./sqlite/sqlite-store.js');
      // Edits from another process (the CLI) reach cached listings within 50 ms, and the hot
      // catalogue path skips re-reading SQLite's change counter on every request.
      return openSqliteStore({ file: databaseFile(config), externalChangeWindowMs: 50 });
    }
    case 'firestore': {
      // Real Firestore through Application Default Credentials, or the emulator FIRESTORE_EMULATOR_HOST names.
      const { openFirestoreStore } = await import('./firestore/firestore-store.js');
      const store = openFirestoreStore({ projectId: config.projectId });
      await store.upgrade();
      return store;
    }
  }
}
