import type Stripe from 'stripe';
import { ShopError } from '../../domain/errors.js';
import type { PaymentProvider } from '../../domain/order.js';
import type { ShopConfig } from '../config.js';
import type { Store } from '../store/port.js';
import { BankTransferGateway } from './bank-transfer.js';
import type { PaymentGateway } from './port.js';
import { StripeCheckoutGateway, stripeClient } from './stripe-checkout.js';

export interface Payments {
  /** The providers shoppers may choose, bank transfer first. */
  readonly methods: PaymentProvider[];
  gateway(provider: PaymentProvider): PaymentGateway;
  /** Checks a Stripe webhook's signature; null when card payments are not configured. */
  readonly verifyStripeEvent: ((rawBody: string, signature: string) => Promise<Stripe.Event>) | null;
}

export function createPayments(config: Pick<ShopConfig, 'payments'>, store: Pick<Store, 'orders'>): Payments {
  const gateways = new Map<PaymentProvider, PaymentGateway>([
    ['manual', new BankTransferGateway(config.payments.bankTransfer)],
  ]);
  const stripeConfig = config.payments.stripe;
  const stripe = stripeConfig ? stripeClient(stripeConfig) : null;
  if (stripe) gateways.set('stripe', new StripeCheckoutGateway(stripe, store.orders));
  return {
    methods: [...gateways.keys()],
    gateway(provider) {
      const gateway = gateways.get(provider);
      if (!gateway) {
        throw new ShopError('invalid-input', 'Card payment is not available; choose bank transfer', {
          field: 'paymentMethod',
        });
      }
      return gateway;
    },
    verifyStripeEvent:
      stripe && stripeConfig
        ? (rawBody, signature) =>
            stripe.webhooks.constructEventAsync(rawBody, signature, stripeConfig.webhookSecret)
        : null,
  };
}
