import { type Order, paymentDueBy } from '../../domain/order.js';
import type { PaymentStart } from '../../domain/payment.js';
import type { BankTransferConfig } from '../config.js';
import type { PaymentGateway } from './port.js';

/** The default: the shopper pays by bank transfer quoting the order number; an admin marks it paid. */
export class BankTransferGateway implements PaymentGateway {
  readonly provider = 'manual' as const;

  constructor(private readonly account: BankTransferConfig) {}

  async begin(order: Order): Promise<PaymentStart> {
    return {
      kind: 'bank-transfer',
      instructions: {
        ...this.account,
        reference: order.number,
        amountCents: order.totalCents,
        dueBy: paymentDueBy(order),
      },
    };
  }

  /** A transfer arriving after cancellation is the staff's to send back; nothing to stop here. */
  async stop(): Promise<void> {}
}
