import { afterAll, vi } from 'vitest';
import { openFirestoreStore } from '../../shared/backend/store/firestore/firestore-store.js';
import { freshProjectId, startFirestoreEmulator } from '../support/firestore-emulator.js';
import { describeAuditStoreContract } from './audit-store.contract.js';
import { describeCatalogueListingContract } from './catalogue-listing.contract.js';
import { describeCheckoutPricingContract } from './checkout-pricing.contract.js';
import { describeComplianceRecordContract } from './compliance-record.contract.js';
import { describeLotStoreContract } from './lot-store.contract.js';
import { describeOrderListingContract } from './order-listing.contract.js';
import { describeOrderStoreContract } from './order-store.contract.js';
import { describeOrderWorkflowContract } from './order-workflow.contract.js';
import { describeOutboxStoreContract } from './outbox-store.contract.js';
import { describeProductBulkContract } from './product-bulk.contract.js';
import { describeProductChangesContract } from './product-changes.contract.js';
import { describeProductMediaContract } from './product-media.contract.js';
import { describeProductStoreContract } from './product-store.contract.js';
import { describeProductVersionContract } from './product-version.contract.js';
import { describeSalesReportContract } from './sales-report.contract.js';
import { describeStorePortContract } from './store-port.contract.js';
import { describeUnpaidOrdersContract } from './unpaid-orders.contract.js';
import { describeVariantOrderContract } from './variant-order.contract.js';
import { describeVariantStoreContract } from './variant-store.contract.js';

// Contended transactions retry with Firestore's backoff (about a second a round) on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const emulator = await startFirestoreEmulator();
afterAll(() => emulator.stop());

let projectId = '';
const firestore = {
  open: async (now: () => number) => {
    projectId = freshProjectId('contract');
    return openFirestoreStore({ projectId, now });
  },
  openAgain: async (now: () => number) => openFirestoreStore({ projectId, now }),
};
describeProductStoreContract(`firestore (${emulator.kind} emulator)`, firestore);
describeOrderStoreContract(`firestore (${emulator.kind} emulator)`, firestore);
describeComplianceRecordContract(`firestore (${emulator.kind} emulator)`, firestore);
describeCheckoutPricingContract(`firestore (${emulator.kind} emulator)`, firestore);
describeOrderListingContract(`firestore (${emulator.kind} emulator)`, firestore);
describeOrderWorkflowContract(`firestore (${emulator.kind} emulator)`, firestore);
describeProductBulkContract(`firestore (${emulator.kind} emulator)`, firestore);
describeProductVersionContract(`firestore (${emulator.kind} emulator)`, firestore);
describeProductChangesContract(`firestore (${emulator.kind} emulator)`, firestore);
describeCatalogueListingContract(`firestore (${emulator.kind} emulator)`, firestore);
describeOutboxStoreContract(`firestore (${emulator.kind} emulator)`, firestore);
describeVariantStoreContract(`firestore (${emulator.kind} emulator)`, firestore);
describeProductMediaContract(`firestore (${emulator.kind} emulator)`, firestore);
describeVariantOrderContract(`firestore (${emulator.kind} emulator)`, firestore);
describeLotStoreContract(`firestore (${emulator.kind} emulator)`, firestore);
describeSalesReportContract(`firestore (${emulator.kind} emulator)`, firestore);
describeUnpaidOrdersContract(`firestore (${emulator.kind} emulator)`, firestore);
describeStorePortContract(`firestore (${emulator.kind} emulator)`, { ...firestore, backups: 'managed' });
describeAuditStoreContract(`firestore (${emulator.kind} emulator)`, firestore);
