import { NotFoundError } from '../../../domain/errors.js';
import type { Order, OrderFilter, OrderStatus, PaymentProvider } from '../../../domain/order.js';
import type { OrderListQuery, OrderPage } from '../../../domain/order-listing.js';
import { type OrderEvent, orderMoveFor } from '../../../domain/order-transitions.js';
import { staffChange } from '../../audit/staff-change.js';
import { newId } from '../../ids.js';
import { newOrderNumber, orderNumberKey } from '../../order-number.js';
import { assertSameRequest, orderRequestFingerprint } from '../order-fingerprint.js';
import { clampedPage, orderPagePlan } from '../order-page-plan.js';
import { priceOrder, pricingOf } from '../order-pricing.js';
import { OrderShorthands } from '../order-shorthands.js';
import type { MailFor, OrderRepository, OrderSearchScope, PlaceOrder } from '../port.js';
import { stockChangesOf } from '../stock-changes.js';
import { paymentDueAt, refuseHoarding, refuseOversized } from '../unpaid-order-checks.js';
import { writeAudit } from './audit-repository.js';
import { whenFree } from './busy-wait.js';
import type { ChangeTracker } from './change-tracker.js';
import {
  discountRow,
  hasRedeemed,
  redeemDiscount,
  toDiscount,
  unredeemDiscount,
} from './discount-repository.js';
import { orderPageSql } from './order-page-query.js';
import { type OrderRow, pricingToJson, type StoredStatusChange, storedLines, toOrder } from './order-row.js';
import { enqueueMail } from './outbox-repository.js';
import { type ProductRow, toProduct } from './product-row.js';
import { writeStockChanges } from './product-stock.js';
import type { SqliteDatabase } from './sqlite-database.js';
import { complianceToJson } from './stored-compliance.js';

const STATUSES_OF: Record<Exclude<OrderFilter, 'all'>, OrderStatus[]> = {
  unshipped: ['pending_payment', 'paid'],
  pending_payment: ['pending_payment'],
  paid: ['paid'],
  shipped: ['shipped'],
  cancelled: ['cancelled'],
};

export class SqliteOrderRepository extends OrderShorthands implements OrderRepository {
  // The tracker counts from zero in every process; this keeps a restarted shop's tokens new.
  private readonly opening = newId();

  constructor(
    private readonly db: SqliteDatabase,
    private readonly now: () => number,
    private readonly changes: ChangeTracker,
  ) {
    super();
  }

  private row(id: string): OrderRow | undefined {
    return this.db.prepare<[string], OrderRow>('SELECT * FROM orders WHERE id = ?').get(id);
  }

  async place(request: PlaceOrder, mail?: MailFor<Order>): Promise<{ order: Order; created: boolean }> {
    // IMMEDIATE takes the write lock up front, so concurrent checkouts (in this process or another)
    // run one after the other and never both take the last unit.
    return whenFree(() => this.placeNow(request, mail));
  }

  private placeNow(
    request: PlaceOrder,
    mail: MailFor<Order> | undefined,
  ): { order: Order; created: boolean } {
    return this.db
      .transaction(() => {
        const existing = this.db
          .prepare<[string, string], OrderRow>('SELECT * FROM orders WHERE uid = ? AND idempotency_key = ?')
          .get(request.uid, request.idempotencyKey);
        const fingerprint = orderRequestFingerprint(request);
        if (existing) {
          assertSameRequest(existing.request_fingerprint, fingerprint);
          return { order: toOrder(existing), created: false };
        }

        refuseHoarding(request, this.unpaidHeld(request.uid));
        const ids = request.lines.map((l) => l.productId);
        const rows = this.db
          .prepare<string[], ProductRow>(
            `SELECT * FROM products WHERE id IN (${ids.map(() => '?').join(',')})`,
          )
          .all(...ids);
        const at = this.now();
        const code = request.discountCode;
        const discount = code === undefined ? undefined : discountRow(this.db, code);
        const priced = priceOrder(request.lines, new Map(rows.map((r) => [r.id, toProduct(r)])), {
          ...pricingOf(request, at),
          discount: discount ? toDiscount(discount) : null,
          usedByShopper: code !== undefined && hasRedeemed(this.db, code, request),
        });
        refuseOversized(request, priced);
        writeStockChanges(this.db, priced.stockTaken, at);
        const history: StoredStatusChange[] = [{ status: 'pending_payment', atMs: at, note: 'Order placed' }];
        const row: OrderRow = {
          id: newId(),
          number: this.unusedOrderNumber(),
          uid: request.uid,
          email: request.email,
          lines: JSON.stringify(priced.lines),
          subtotal_cents: priced.subtotalCents,
          shipping_cents: priced.shippingCents,
          tax_cents: priced.taxCents,
          total_cents: priced.totalCents,
          pricing: pricingToJson(priced),
          shipping_address: JSON.stringify(request.shippingAddress),
          status: 'pending_payment',
          status_history: JSON.stringify(history),
          tracking: null,
          payment_provider: request.paymentProvider,
          payment_reference: null,
          payment_due_at: paymentDueAt(request, at),
          idempotency_key: request.idempotencyKey,
          request_fingerprint: fingerprint,
          compliance: complianceToJson(request.compliance, at),
          created_at: at,
          updated_at: at,
        };
        this.db
          .prepare<OrderRow>(
            `INSERT INTO orders (id, number, uid, email, lines, subtotal_cents, shipping_cents, tax_cents, total_cents,
              pricing, shipping_address, status, status_history, tracking, payment_provider, payment_reference,
              payment_due_at, idempotency_key, request_fingerprint, compliance, created_at, updated_at)
             VALUES (@id, @number, @uid, @email, @lines, @subtotal_cents, @shipping_cents, @tax_cents,
              @total_cents, @pricing, @shipping_address, @status, @status_history, @tracking, @payment_provider,
              @payment_reference, @payment_due_at, @idempotency_key, @request_fingerprint, @compliance,
              @created_at, @updated_at)`,
          )
          .run(row);
        if (priced.discount) redeemDiscount(this.db, priced.discount.code, request, row.id);
        const order = toOrder(row);
        if (mail) enqueueMail(this.db, mail(order), at);
        this.changes.noteWrite();
        return { order, created: true };
      })
      .immediate();
  }

  private unpaidHeld(uid: string): number {
    return this.db
      .prepare<[string], { n: number }>(
        "SELECT count(*) AS n FROM orders WHERE uid = ? AND status = 'pending_payment'",
      )
      .get(uid)!.n;
  }

  private unusedOrderNumber(): string {
    const taken = this.db.prepare<[string], { n: number }>('SELECT 1 AS n FROM orders WHERE number = ?');
    for (;;) {
      const number = newOrderNumber();
      if (!taken.get(number)) return number;
    }
  }

  async get(id: string): Promise<Order | null> {
    const row = await whenFree(() => this.row(id));
    return row ? toOrder(row) : null;
  }

  async getByNumbers(numbers: readonly string[]): Promise<Map<string, Order>> {
    const keys = [...new Set(numbers.map(orderNumberKey))].filter(Boolean);
    const rows = keys.length
      ? await whenFree(() =>
          // json_each keeps the statement one whatever the count; orders.number's unique index serves it.
          this.db
            .prepare<[string], OrderRow>(
              'SELECT * FROM orders WHERE number IN (SELECT value FROM json_each(?))',
            )
            .all(JSON.stringify(keys)),
        )
      : [];
    return new Map(rows.map((row) => [row.number, toOrder(row)]));
  }

  async listForUser(uid: string): Promise<Order[]> {
    const rows = await whenFree(() =>
      this.db
        .prepare<[string], OrderRow>('SELECT * FROM orders WHERE uid = ? ORDER BY created_at DESC, id DESC')
        .all(uid),
    );
    return rows.map(toOrder);
  }

  async list({ filter, search }: { filter: OrderFilter; search?: string }): Promise<Order[]> {
    const where: string[] = [];
    const params: string[] = [];
    if (filter !== 'all') {
      const statuses = STATUSES_OF[filter];
      where.push(`status IN (${statuses.map(() => '?').join(',')})`);
      params.push(...statuses);
    }
    const term = search?.trim().toLowerCase();
    if (term) {
      const like = `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      where.push("(lower(number) LIKE ? ESCAPE '\\' OR lower(email) LIKE ? ESCAPE '\\' OR id = ?)");
      params.push(like, like, search!.trim());
    }
    const sql = `SELECT * FROM orders ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC, id DESC`;
    const rows = await whenFree(() => this.db.prepare<string[], OrderRow>(sql).all(...params));
    return rows.map(toOrder);
  }

  async listPage(query: OrderListQuery, search?: OrderSearchScope): Promise<OrderPage> {
    const { where, orderBy, params, orderParams } = orderPageSql(orderPagePlan(query, search));
    const { rows, total, page, totalPages } = await whenFree(() =>
      this.db
        .transaction(() => {
          const count = this.db
            .prepare<unknown[], { n: number }>(`SELECT count(*) AS n FROM orders ${where}`)
            .get(...params)!.n;
          const at = clampedPage(query, count);
          const found = this.db
            .prepare<unknown[], OrderRow>(
              // Sorts rowids, not whole rows: a status filter's orders are sorted in a temporary tree.
              `SELECT orders.* FROM orders JOIN (SELECT rowid AS r FROM orders ${where}
                ORDER BY ${orderBy} LIMIT ? OFFSET ?) AS chosen ON orders.rowid = chosen.r ORDER BY ${orderBy}`,
            )
            .all(...params, ...orderParams, query.perPage, at.offset, ...orderParams);
          return { rows: found, total: count, page: at.page, totalPages: at.totalPages };
        })
        .deferred(),
    );
    return { orders: rows.map(toOrder), page, perPage: query.perPage, total, totalPages };
  }

  async changeToken(): Promise<string> {
    return `${this.opening}.${await whenFree(() => this.changes.token())}`;
  }

  async transition(id: string, event: OrderEvent, mail?: MailFor<Order>): Promise<Order> {
    return whenFree(() => this.transitionNow(id, event, mail));
  }

  /** Persists what decideOrderTransition decided, with its restock and e-mails, in one transaction. */
  private transitionNow(id: string, event: OrderEvent, mail: MailFor<Order> | undefined): Order {
    return this.db
      .transaction(() => {
        const row = this.row(id);
        const move = orderMoveFor(row ? { ...toOrder(row), lines: storedLines(row) } : null, event);
        if (!row || !move) return toOrder(row!);
        const at = this.now();
        const history = JSON.parse(row.status_history) as StoredStatusChange[];
        history.push({ ...move.history, atMs: at });
        const next: OrderRow = {
          ...row,
          status: move.status,
          status_history: JSON.stringify(history),
          updated_at: at,
          ...('paymentReference' in move.set ? { payment_reference: move.set.paymentReference ?? null } : {}),
          ...(move.set.tracking ? { tracking: JSON.stringify(move.set.tracking) } : {}),
        };
        this.db
          .prepare<OrderRow>(
            `UPDATE orders SET status = @status, status_history = @status_history, tracking = @tracking,
              payment_reference = @payment_reference, updated_at = @updated_at WHERE id = @id`,
          )
          .run(next);
        writeStockChanges(this.db, stockChangesOf(move.restock, 1), at);
        const order = toOrder(next);
        if (move.givesBackCode && order.discount) unredeemDiscount(this.db, order.discount.code, id);
        if (mail) enqueueMail(this.db, mail(order), at);
        writeAudit(this.db, [staffChange('order', id, () => [toOrder(row), order])], at);
        this.changes.noteWrite();
        return order;
      })
      .immediate();
  }

  async setPaymentReference(id: string, reference: string): Promise<Order> {
    const { changes } = await whenFree(() =>
      this.db
        .prepare<[string, number, string]>(
          'UPDATE orders SET payment_reference = ?, updated_at = ? WHERE id = ?',
        )
        .run(reference, this.now(), id),
    );
    if (changes === 0) throw new NotFoundError('Order');
    this.changes.noteWrite();
    return (await this.get(id))!;
  }

  async findByPaymentReference(provider: PaymentProvider, reference: string): Promise<Order | null> {
    const row = await whenFree(() =>
      this.db
        .prepare<[string, string], OrderRow>(
          'SELECT * FROM orders WHERE payment_provider = ? AND payment_reference = ?',
        )
        .get(provider, reference),
    );
    return row ? toOrder(row) : null;
  }
}
