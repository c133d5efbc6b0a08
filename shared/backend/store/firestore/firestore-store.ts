import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';
import type { Store } from '../port.js';
import { CatalogueVersion } from './catalogue-version.js';
import { FirestoreMessageRepository } from './message-repository.js';
import { FirestoreOrderRepository } from './order-repository.js';
import { FirestoreProductRepository } from './product-repository.js';

export interface FirestoreStoreOptions {
  projectId: string;
  /** Clock in milliseconds; injectable so tests can control timestamps. */
  now?: () => number;
}

export class FirestoreStore implements Store {
  readonly kind = 'firestore' as const;
  readonly products: FirestoreProductRepository;
  readonly orders: FirestoreOrderRepository;
  readonly messages: FirestoreMessageRepository;

  constructor(
    readonly db: Firestore,
    private readonly app: App,
    now: () => number = Date.now,
  ) {
    const version = new CatalogueVersion(db);
    this.products = new FirestoreProductRepository(db, now, version);
    this.orders = new FirestoreOrderRepository(db, now, version);
    this.messages = new FirestoreMessageRepository(db, now);
  }

  async close(): Promise<void> {
    await deleteApp(this.app);
  }
}

let opened = 0;

/**
 * Opens Firestore through its own firebase-admin app, so closing the store ends only its own
 * connection. Credentials come from the environment (Application Default Credentials); with
 * FIRESTORE_EMULATOR_HOST set, firebase-admin talks to that emulator instead.
 */
export function openFirestoreStore({ projectId, now }: FirestoreStoreOptions): FirestoreStore {
  const app = initializeApp({ projectId }, `shop-firestore-${projectId}-${++opened}`);
  const db = getFirestore(app);
  db.settings({ ignoreUndefinedProperties: true });
  return new FirestoreStore(db, app, now);
}
