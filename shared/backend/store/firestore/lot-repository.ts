import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import { DuplicateLotError } from '../../../domain/errors.js';
import { type Lot, normalizeLotNumber } from '../../../domain/lot.js';
import { staffChange } from '../../audit/staff-change.js';
import type { LotRepository, NewLot } from '../port.js';
import { writeAudit } from './audit-repository.js';
import { COLLECTIONS, GRPC, hasGrpcCode, keyId, timestampAt, toApiTimestamp } from './documents.js';

interface LotDocument extends Omit<Lot, 'createdAt'> {
  createdAt: Timestamp;
}

const toLot = (doc: LotDocument): Lot => ({ ...doc, createdAt: toApiTimestamp(doc.createdAt) });

/** Most recently tested first; a product has few lots, so they are sorted here rather than by an index. */
function newestTestedFirst(lots: Lot[]): Lot[] {
  return lots.sort(
    (a, b) =>
      b.testedAt.localeCompare(a.testedAt) ||
      b.createdAt.seconds - a.createdAt.seconds ||
      b.createdAt.nanoseconds - a.createdAt.nanoseconds ||
      a.lotNumber.localeCompare(b.lotNumber),
  );
}

export class FirestoreLotRepository implements LotRepository {
  constructor(
    private readonly db: Firestore,
    private readonly now: () => number,
  ) {}

  private get lots() {
    return this.db.collection(COLLECTIONS.lots);
  }

  /** Lot numbers may hold slashes, which document ids cannot: the id is a hash of the number. */
  private ref(lotNumber: string) {
    return this.lots.doc(keyId(normalizeLotNumber(lotNumber)));
  }

  async add(lot: NewLot): Promise<Lot> {
    const doc: LotDocument = {
      lotNumber: normalizeLotNumber(lot.lotNumber),
      productId: lot.productId,
      variantId: lot.variantId,
      testedAt: lot.testedAt,
      purity: lot.purity,
      coaUrl: lot.coaUrl,
      createdAt: timestampAt(this.now()),
    };
    try {
      const batch = this.db.batch();
      batch.create(this.ref(doc.lotNumber), doc);
      writeAudit(this.db, batch, [staffChange('lot', doc.lotNumber, () => [null, toLot(doc)])], this.now());
      await batch.commit();
    } catch (error) {
      if (hasGrpcCode(error, GRPC.ALREADY_EXISTS)) throw new DuplicateLotError(doc.lotNumber);
      throw error;
    }
    return toLot(doc);
  }

  async get(lotNumber: string): Promise<Lot | null> {
    const snapshot = await this.ref(lotNumber).get();
    return snapshot.exists ? toLot(snapshot.data() as LotDocument) : null;
  }

  async listForProduct(productId: string): Promise<Lot[]> {
    const snapshot = await this.lots.where('productId', '==', productId).get();
    return newestTestedFirst(snapshot.docs.map((d) => toLot(d.data() as LotDocument)));
  }

  async list(): Promise<Lot[]> {
    const snapshot = await this.lots.get();
    return newestTestedFirst(snapshot.docs.map((d) => toLot(d.data() as LotDocument)));
  }

  async delete(lotNumber: string): Promise<boolean> {
    return this.db.runTransaction(async (tx) => {
      const ref = this.ref(lotNumber);
      const snapshot = await tx.get(ref);
      if (!snapshot.exists) return false;
      tx.delete(ref);
      const lot = toLot(snapshot.data() as LotDocument);
      writeAudit(this.db, tx, [staffChange('lot', lot.lotNumber, () => [lot, null])], this.now());
      return true;
    });
  }
}
