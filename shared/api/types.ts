import type { PaymentProvider } from '../domain/order.js';
import type { WebFirebaseConfig } from '../domain/web-firebase-config.js';

// The API's answers are typed by the server's routes (see client.ts); only what the server itself
// declares ahead of its routes lives here.

export interface PublicConfigResponse {
  storeName: string;
  /** Payment methods shoppers may choose, and Stripe's publishable key when cards are accepted. */
  payments: { methods: PaymentProvider[]; stripePublishableKey: string | null };
  firebase: WebFirebaseConfig;
  /** The age shoppers confirm at checkout and the countries the checkout does not offer. */
  compliance: { minimumAge: number; noShipCountries: string[] };
}
