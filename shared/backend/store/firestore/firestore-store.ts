import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';
import { BackupUnsupportedError } from '../backup-unsupported-error.js';
import type { Store, StoreBackupSummary, StoreMeta } from '../port.js';
import { FirestoreAuditRepository } from './audit-repository.js';
import { CatalogueVersion } from './catalogue-version.js';
import { FirestoreDiscountRepository } from './discount-repository.js';
import { COLLECTIONS } from './documents.js';
import { FirestoreLotRepository } from './lot-repository.js';
import { FirestoreMessageRepository } from './message-repository.js';
import { upgradeNameKeys } from './name-keys-upgrade.js';
import { FirestoreOrderRepository } from './order-repository.js';
import { upgradeOrderSearchKeys } from './order-search-keys-upgrade.js';
import { FirestoreOutboxRepository } from './outbox-repository.js';
import { FirestoreProductRepository } from './product-repository.js';
import { FirestoreReportRepository } from './report-repository.js';
import { upgradeVariants } from './variants-upgrade.js';

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
  readonly outbox: FirestoreOutboxRepository;
  readonly lots: FirestoreLotRepository;
  readonly discounts: FirestoreDiscountRepository;
  readonly reports: FirestoreReportRepository;
  readonly audit: FirestoreAuditRepository;
  private readonly version: CatalogueVersion;

  constructor(
    readonly db: Firestore,
    private readonly app: App,
    now: () => number = Date.now,
  ) {
    this.version = new CatalogueVersion(db);
    const version = this.version;
    this.products = new FirestoreProductRepository(db, now, version);
    this.orders = new FirestoreOrderRepository(db, now, version);
    this.messages = new FirestoreMessageRepository(db, now);
    this.outbox = new FirestoreOutboxRepository(db, now);
    this.lots = new FirestoreLotRepository(db, now);
    this.discounts = new FirestoreDiscountRepository(db, now);
    this.reports = new FirestoreReportRepository(db);
    this.audit = new FirestoreAuditRepository(db, now);
  }

  readonly meta: StoreMeta = {
    get: async (key) => {
      const snapshot = await this.factRef(key).get();
      return snapshot.exists ? (snapshot.get('value') as string) : null;
    },
    set: async (key, value) => {
      await this.factRef(key).set({ value });
    },
  };

  private factRef(key: string) {
    return this.db.collection(COLLECTIONS.meta).doc(`fact-${encodeURIComponent(key)}`);
  }

  async backup(): Promise<StoreBackupSummary> {
    throw new BackupUnsupportedError();
  }

  /** Firestore needs no upkeep from the shop. */
  startMaintenance(): { stop(): Promise<void> } {
    return { stop: async () => {} };
  }

  /** Brings data written by an older shop up to date; openStore and the hosted function run it. */
  async upgrade(): Promise<void> {
    await upgradeNameKeys(this.db, this.version);
    await upgradeVariants(this.db, this.version);
    await upgradeOrderSearchKeys(this.db);
  }

  /** Deletes every document of the shop's collections but the outbox, page by page in batched writes. */
  async clear(): Promise<void> {
    const { meta: _version, outbox: _owed, productChanges: _feed, audit: _log, ...collections } = COLLECTIONS;
    for (const name of Object.values(collections)) {
      const collection = this.db.collection(name);
      for (;;) {
        const page = await collection.select().limit(DELETES_PER_BATCH).get();
        if (page.empty) break;
        const batch = this.db.batch();
        for (const doc of page.docs) batch.delete(doc.ref);
        if (name === COLLECTIONS.products)
          this.version.changed(batch, { removed: page.docs.map((d) => d.id) });
        await batch.commit();
      }
    }
  }

  async close(): Promise<void> {
    await deleteApp(this.app);
  }
}

/** With a product's removal recorded beside its delete, a batch holds twice this many writes. */
const DELETES_PER_BATCH = 200;

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
