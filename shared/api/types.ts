import type { PaymentProvider } from '../domain/order.js';

// The API's answers are typed by the server's routes (see client.ts); only what the server itself
// declares ahead of its routes lives here.

export interface PublicConfigResponse {
  storeName: string;
  /** Payment methods shoppers may choose, and Stripe's publishable key when cards are accepted. */
  payments: { methods: PaymentProvider[]; stripePublishableKey: string | null };
  firebase: WebFirebaseConfig;
}

/** Public Firebase web config the apps start with; never secret. */
export interface WebFirebaseConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
  /** Set in emulator mode: where the browser's Auth SDK must connect. */
  authEmulatorUrl?: string;
  /** reCAPTCHA Enterprise site key; when set the apps get App Check tokens and send them with every call. */
  appCheckSiteKey?: string;
}
