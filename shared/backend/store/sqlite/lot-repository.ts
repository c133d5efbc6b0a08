import { DuplicateLotError, NotFoundError } from '../../../domain/errors.js';
import { type Lot, normalizeLotNumber } from '../../../domain/lot.js';
import { timestampFromMillis } from '../../../domain/timestamp.js';
import { staffChange } from '../../audit/staff-change.js';
import type { LotRepository, NewLot } from '../port.js';
import { writeAudit } from './audit-repository.js';
import { whenFree } from './busy-wait.js';
import type { SqliteDatabase } from './sqlite-database.js';

interface LotRow {
  lot_number: string;
  product_id: string;
  variant_id: string;
  tested_at: string;
  purity: number;
  coa_url: string;
  created_at: number;
}

const toLot = (row: LotRow): Lot => ({
  lotNumber: row.lot_number,
  productId: row.product_id,
  variantId: row.variant_id,
  testedAt: row.tested_at,
  purity: row.purity,
  coaUrl: row.coa_url,
  createdAt: timestampFromMillis(row.created_at),
});

const NEWEST_TESTED_FIRST = 'ORDER BY tested_at DESC, created_at DESC, lot_number';

export class SqliteLotRepository implements LotRepository {
  constructor(
    private readonly db: SqliteDatabase,
    private readonly now: () => number,
  ) {}

  async add(lot: NewLot): Promise<Lot> {
    const row: LotRow = {
      lot_number: normalizeLotNumber(lot.lotNumber),
      product_id: lot.productId,
      variant_id: lot.variantId,
      tested_at: lot.testedAt,
      purity: lot.purity,
      coa_url: lot.coaUrl,
      created_at: this.now(),
    };
    try {
      await whenFree(() =>
        this.db.transaction(() => {
          this.db
            .prepare<LotRow>(
              `INSERT INTO lots (lot_number, product_id, variant_id, tested_at, purity, coa_url, created_at)
               VALUES (@lot_number, @product_id, @variant_id, @tested_at, @purity, @coa_url, @created_at)`,
            )
            .run(row);
          writeAudit(this.db, [staffChange('lot', row.lot_number, () => [null, toLot(row)])], row.created_at);
        })(),
      );
    } catch (error) {
      const code = (error as { code?: string })?.code;
      if (code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw new DuplicateLotError(row.lot_number);
      if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw new NotFoundError('Product');
      throw error;
    }
    return toLot(row);
  }

  async get(lotNumber: string): Promise<Lot | null> {
    const row = await whenFree(() =>
      this.db
        .prepare<[string], LotRow>('SELECT * FROM lots WHERE lot_number = ?')
        .get(normalizeLotNumber(lotNumber)),
    );
    return row ? toLot(row) : null;
  }

  async listForProduct(productId: string): Promise<Lot[]> {
    const rows = await whenFree(() =>
      this.db
        .prepare<[string], LotRow>(`SELECT * FROM lots WHERE product_id = ? ${NEWEST_TESTED_FIRST}`)
        .all(productId),
    );
    return rows.map(toLot);
  }

  async list(): Promise<Lot[]> {
    const rows = await whenFree(() =>
      this.db.prepare<[], LotRow>(`SELECT * FROM lots ${NEWEST_TESTED_FIRST}`).all(),
    );
    return rows.map(toLot);
  }

  async delete(lotNumber: string): Promise<boolean> {
    const key = normalizeLotNumber(lotNumber);
    return whenFree(() =>
      this.db.transaction(() => {
        const row = this.db.prepare<[string], LotRow>('SELECT * FROM lots WHERE lot_number = ?').get(key);
        if (!row) return false;
        this.db.prepare<[string]>('DELETE FROM lots WHERE lot_number = ?').run(key);
        writeAudit(this.db, [staffChange('lot', key, () => [toLot(row), null])], this.now());
        return true;
      })(),
    );
  }
}
