import { customerEmailKey } from '../../../domain/customer-email.js';
import type { Discount, NewDiscount } from '../../../domain/discount.js';
import { DuplicateDiscountError, NotFoundError } from '../../../domain/errors.js';
import { staffChange } from '../../audit/staff-change.js';
import type { DiscountRepository } from '../port.js';
import { writeAudit } from './audit-repository.js';
import { whenFree } from './busy-wait.js';
import type { SqliteDatabase } from './sqlite-database.js';

export interface DiscountRow {
  code: string;
  settings: string;
  active: number;
  uses: number;
  created_at: number;
}

export function toDiscount(row: DiscountRow): Discount {
  return {
    ...(JSON.parse(row.settings) as NewDiscount),
    code: row.code,
    active: row.active === 1,
    uses: row.uses,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function discountRow(db: SqliteDatabase, code: string): DiscountRow | undefined {
  return db.prepare<[string], DiscountRow>('SELECT * FROM discounts WHERE code = ?').get(code);
}

/** Who uses a code: the account and its e-mail, either of which marks a once-per-customer code used. */
export interface CodeUser {
  uid: string;
  email: string;
}

/**
 * Counts a use of a code by this shopper for this order. Called inside the order's IMMEDIATE
 * transaction, after the code was judged on the row read in that same transaction.
 */
export function redeemDiscount(db: SqliteDatabase, code: string, user: CodeUser, orderId: string): void {
  db.prepare<[string]>('UPDATE discounts SET uses = uses + 1 WHERE code = ?').run(code);
  db.prepare<[string, string, string, string]>(
    'INSERT INTO discount_redemptions (code, uid, order_id, email_key) VALUES (?, ?, ?, ?)',
  ).run(code, user.uid, orderId, customerEmailKey(user.email));
}

/** Gives an unpaid order's use of its code back, with its shopper's mark, in the cancel's transaction. */
export function unredeemDiscount(db: SqliteDatabase, code: string, orderId: string): void {
  const { changes } = db
    .prepare<[string, string]>('DELETE FROM discount_redemptions WHERE code = ? AND order_id = ?')
    .run(code, orderId);
  if (changes > 0)
    db.prepare<[string]>('UPDATE discounts SET uses = max(uses - 1, 0) WHERE code = ?').run(code);
}

export function hasRedeemed(db: SqliteDatabase, code: string, user: CodeUser): boolean {
  return (
    db
      .prepare<{ code: string; uid: string; emailKey: string }, { n: number }>(
        `SELECT 1 AS n FROM discount_redemptions WHERE code = @code AND uid = @uid
         UNION ALL SELECT 1 FROM discount_redemptions WHERE code = @code AND email_key = @emailKey LIMIT 1`,
      )
      .get({ code, uid: user.uid, emailKey: customerEmailKey(user.email) }) !== undefined
  );
}

export class SqliteDiscountRepository implements DiscountRepository {
  constructor(
    private readonly db: SqliteDatabase,
    private readonly now: () => number,
  ) {}

  async create(discount: NewDiscount): Promise<Discount> {
    const row: DiscountRow = {
      code: discount.code,
      settings: JSON.stringify(discount),
      active: 1,
      uses: 0,
      created_at: this.now(),
    };
    try {
      await whenFree(() =>
        this.db.transaction(() => {
          this.db
            .prepare<DiscountRow>(
              `INSERT INTO discounts (code, settings, active, uses, created_at)
               VALUES (@code, @settings, @active, @uses, @created_at)`,
            )
            .run(row);
          writeAudit(
            this.db,
            [staffChange('discount', row.code, () => [null, toDiscount(row)])],
            row.created_at,
          );
        })(),
      );
    } catch (error) {
      if ((error as { code?: string })?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
        throw new DuplicateDiscountError(discount.code);
      throw error;
    }
    return toDiscount(row);
  }

  list(): Promise<Discount[]> {
    return whenFree(() =>
      this.db
        .prepare<[], DiscountRow>('SELECT * FROM discounts ORDER BY created_at DESC, code')
        .all()
        .map(toDiscount),
    );
  }

  async get(code: string): Promise<Discount | null> {
    const row = await whenFree(() => discountRow(this.db, code));
    return row ? toDiscount(row) : null;
  }

  setActive(code: string, active: boolean): Promise<Discount> {
    return whenFree(() =>
      this.db.transaction(() => {
        const before = discountRow(this.db, code);
        if (!before) throw new NotFoundError(`Discount code ${code}`);
        this.db
          .prepare<[number, string]>('UPDATE discounts SET active = ? WHERE code = ?')
          .run(active ? 1 : 0, code);
        const after = discountRow(this.db, code)!;
        writeAudit(
          this.db,
          [
            staffChange('discount', code, () => [
              { active: before.active === 1 },
              { active: after.active === 1 },
            ]),
          ],
          this.now(),
        );
        return toDiscount(after);
      })(),
    );
  }
}
