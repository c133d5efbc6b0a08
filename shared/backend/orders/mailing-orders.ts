import type { Order } from '../../domain/order.js';
import type { OrderEvent as StatusEvent } from '../../domain/order-transitions.js';
import { OrderShorthands } from '../store/order-shorthands.js';
import type { MailFor, OrderRepository, PlaceOrder } from '../store/port.js';
import { type OrderEvent as MailEvent, type OrderMailContext, orderMail } from './order-mail.js';

/**
 * The order repository whose changes e-mail the shopper: a bank-transfer order placed (with the
 * payment details), paid, shipped, cancelled. A card order's first e-mail is its payment. The
 * e-mail goes into the outbox in the change's own transaction; `queued` then hands it to the sender,
 * whose trouble never undoes or fails the change.
 */
export class MailingOrders extends OrderShorthands implements OrderRepository {
  constructor(
    private readonly inner: OrderRepository,
    private readonly context: OrderMailContext,
    private readonly queued: () => Promise<void>,
  ) {
    super();
  }

  private mail(event: MailEvent): MailFor<Order> {
    return (order) =>
      event === 'placed' && order.payment.provider !== 'manual'
        ? []
        : [orderMail(order, event, this.context)];
  }

  private async andSend<T>(change: Promise<T>): Promise<T> {
    const changed = await change;
    await this.queued();
    return changed;
  }

  place(request: PlaceOrder): Promise<{ order: Order; created: boolean }> {
    return this.andSend(this.inner.place(request, this.mail('placed')));
  }

  /** Every move e-mails the shopper about the status it reached. */
  transition(id: string, event: StatusEvent): Promise<Order> {
    return this.andSend(
      this.inner.transition(id, event, (order) => this.mail(order.status as MailEvent)(order)),
    );
  }

  get(id: string) {
    return this.inner.get(id);
  }
  getByNumbers(numbers: readonly string[]) {
    return this.inner.getByNumbers(numbers);
  }
  listForUser(uid: string) {
    return this.inner.listForUser(uid);
  }
  list(query: Parameters<OrderRepository['list']>[0]) {
    return this.inner.list(query);
  }
  listPage(...args: Parameters<OrderRepository['listPage']>) {
    return this.inner.listPage(...args);
  }
  changeToken() {
    return this.inner.changeToken();
  }
  setPaymentReference(id: string, reference: string) {
    return this.inner.setPaymentReference(id, reference);
  }
  findByPaymentReference(...args: Parameters<OrderRepository['findByPaymentReference']>) {
    return this.inner.findByPaymentReference(...args);
  }
}
