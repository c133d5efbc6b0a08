import type { Order } from '../../domain/order.js';
import type { OrderEvent } from '../../domain/order-transitions.js';
import type { MailFor, OrderRepository } from './port.js';

/** The port's shorthands for the everyday events, written once for every repository with transition(). */
export abstract class OrderShorthands
  implements Pick<OrderRepository, 'markPaid' | 'markShipped' | 'cancel'>
{
  abstract transition(id: string, event: OrderEvent, mail?: MailFor<Order>): Promise<Order>;

  markPaid(
    id: string,
    payment: { reference: string | null; note?: string; staffNote?: string },
    mail?: MailFor<Order>,
  ) {
    return this.transition(id, { type: 'pay', ...payment }, mail);
  }

  markShipped(id: string, tracking: { carrier: string; number: string }, mail?: MailFor<Order>) {
    return this.transition(id, { type: 'ship', tracking }, mail);
  }

  cancel(id: string, note?: string, mail?: MailFor<Order>) {
    return this.transition(
      id,
      { type: 'cancel', by: 'staff', ...(note === undefined ? {} : { note }) },
      mail,
    );
  }
}
