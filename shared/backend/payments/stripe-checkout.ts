import Stripe from 'stripe';
import { ConflictError } from '../../domain/errors.js';
import type { Order } from '../../domain/order.js';
import type { PaymentStart } from '../../domain/payment.js';
import type { StripeConfig } from '../config.js';
import type { OrderRepository } from '../store/port.js';
import type { PaymentGateway } from './port.js';

export function stripeClient(config: Pick<StripeConfig, 'secretKey' | 'apiUrl'>): Stripe {
  const api = config.apiUrl;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/** Card payments through a Stripe Checkout Session; the webhook (server/routes/stripe-webhook.ts) marks the order paid. */
export class StripeCheckoutGateway implements PaymentGateway {
  readonly provider = 'stripe' as const;

  constructor(
    private readonly stripe: Stripe,
    private readonly orders: OrderRepository,
  ) {}

  async begin(order: Order, urls: { success: string; cancel: string }): Promise<PaymentStart> {
    if (order.payment.reference) {
      const existing = await this.stripe.checkout.sessions.retrieve(order.payment.reference);
      if (existing.status === 'open' && existing.url) {
        return { kind: 'redirect', url: existing.url, reference: existing.id };
      }
    }
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: order.id,
        customer_email: order.email,
        metadata: { orderId: order.id, orderNumber: order.number },
        line_items: [
          ...order.lines.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: 'usd',
              unit_amount: line.unitPriceCents,
              product_data: { name: line.name },
            },
          })),
          ...(order.shippingCents > 0
            ? [
                {
                  quantity: 1,
                  price_data: {
                    currency: 'usd',
                    unit_amount: order.shippingCents,
                    product_data: { name: 'Shipping' },
                  },
                },
              ]
            : []),
        ],
        success_url: urls.success,
        cancel_url: urls.cancel,
      },
      // Stripe's own idempotency: a retried request cannot open a second session for the same attempt.
      { idempotencyKey: `checkout-${order.id}-${order.payment.reference ?? 'first'}` },
    );
    if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
    await this.orders.setPaymentReference(order.id, session.id);
    return { kind: 'redirect', url: session.url, reference: session.id };
  }

  /** Expires the order's open Checkout Session, so the shopper can no longer pay a cancelled order. */
  async stop(order: Order): Promise<void> {
    const reference = order.payment.reference;
    if (!reference) return;
    const sessions = this.stripe.checkout.sessions;
    let session = await sessions.retrieve(reference);
    if (session.status === 'open') {
      session = await sessions.expire(reference).catch(async (error: unknown) => {
        // Paid in the moment between the two calls: the session is now complete.
        const again = await sessions.retrieve(reference);
        if (again.status === 'open') throw error;
        return again;
      });
    }
    if (session.status === 'complete' || session.payment_status === 'paid')
      throw new ConflictError(
        'conflict',
        `The card payment for order ${order.number} has gone through; it will show as paid in a moment`,
      );
  }
}
