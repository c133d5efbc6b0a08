import type { Order } from '../../domain/order.js';
import type { Mailer } from '../mail/mailer.js';
import type { OrderRepository, PlaceOrder } from '../store/port.js';
import { type OrderEvent, type OrderMailContext, orderMail } from './order-mail.js';

/**
 * The order repository that also e-mails the shopper after each change it makes: a bank-transfer
 * order placed (with the payment details), paid, shipped, cancelled. A card order's first e-mail is
 * its payment. Mail trouble is logged and never undoes or fails the change itself.
 */
export class MailingOrders implements OrderRepository {
  constructor(
    private readonly inner: OrderRepository,
    private readonly mailer: Mailer,
    private readonly context: OrderMailContext,
    private readonly log: (line: string) => void = console.error,
  ) {}

  private async tell(order: Order, event: OrderEvent): Promise<void> {
    const message = orderMail(order, event, this.context);
    try {
      await this.mailer.send(message);
    } catch (error) {
      this.log(
        `[mail] could not send "${message.subject}" to ${message.to.address}: ${error instanceof Error ? error.message : error}`,
      );
    }
  }

  /** Runs a status change and, when it changed the status, tells the shopper. */
  private async change(id: string, event: OrderEvent, apply: () => Promise<Order>): Promise<Order> {
    const before = await this.inner.get(id);
    const after = await apply();
    if (before?.status !== after.status) await this.tell(after, event);
    return after;
  }

  async place(request: PlaceOrder): Promise<{ order: Order; created: boolean }> {
    const placed = await this.inner.place(request);
    if (placed.created && placed.order.payment.provider === 'manual') await this.tell(placed.order, 'placed');
    return placed;
  }

  markPaid(id: string, payment: Parameters<OrderRepository['markPaid']>[1]): Promise<Order> {
    return this.change(id, 'paid', () => this.inner.markPaid(id, payment));
  }

  markShipped(id: string, tracking: Parameters<OrderRepository['markShipped']>[1]): Promise<Order> {
    return this.change(id, 'shipped', () => this.inner.markShipped(id, tracking));
  }

  cancel(id: string, note?: string): Promise<Order> {
    return this.change(id, 'cancelled', () => this.inner.cancel(id, note));
  }

  get(id: string) {
    return this.inner.get(id);
  }
  listForUser(uid: string) {
    return this.inner.listForUser(uid);
  }
  list(query: Parameters<OrderRepository['list']>[0]) {
    return this.inner.list(query);
  }
  setPaymentReference(id: string, reference: string) {
    return this.inner.setPaymentReference(id, reference);
  }
  findByPaymentReference(...args: Parameters<OrderRepository['findByPaymentReference']>) {
    return this.inner.findByPaymentReference(...args);
  }
}
