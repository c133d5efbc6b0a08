import { databaseFile, type ShopConfig } from '../config.js';
import type { Store } from './port.js';
import { openSqliteStore } from './sqlite/sqlite-store.js';

/** Opens the store the configuration names. */
export async function openStore(
  config: Pick<ShopConfig, 'backend' | 'dataDir' | 'projectId'>,
): Promise<Store> {
  switch (config.backend) {
    case 'sqlite':
      // Edits from another process (the CLI) reach cached listings within 50 ms, and the hot
      // catalogue path skips re-reading SQLite's change counter on every request.
      return openSqliteStore({ file: databaseFile(config), externalChangeWindowMs: 50 });
    case 'firestore': {
      // Real Firestore through Application Default Credentials, or the emulator FIRESTORE_EMULATOR_HOST
      // names; loaded only here, so the embedded shop and the CLI do not pay for Firestore's client.
      const { openFirestoreStore } = await import('./firestore/firestore-store.js');
      return openFirestoreStore({ projectId: config.projectId });
    }
  }
}
