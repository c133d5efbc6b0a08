import type { Order, PaymentProvider } from '../../domain/order.js';
import type { PaymentStart } from '../../domain/payment.js';

/** A payment provider: manual bank transfer by default, Stripe Checkout when configured. */
export interface PaymentGateway {
  readonly provider: PaymentProvider;
  /** Starts (or, for an order that already has one, resumes) the payment of a pending order. */
  begin(order: Order, urls: { success: string; cancel: string }): Promise<PaymentStart>;
  /**
   * Before an unpaid order is cancelled: makes sure no payment under way can still complete, or
   * throws a ConflictError when one already has (the order is then about to be marked paid).
   */
  stop(order: Order): Promise<void>;
}
