import type { Order, PaymentProvider, QuoteLine } from '../domain/order.js';
import type { PaymentStart } from '../domain/payment.js';
import type { Product } from '../domain/product.js';
import type { Timestamp } from '../domain/timestamp.js';
import type { WebFirebaseConfig } from '../domain/web-firebase-config.js';

/** Products travel as stored, timestamps as { seconds, nanoseconds }. */
type ProductDto = Product;

export interface ProductListResponse {
  products: ProductDto[];
}

export interface ProductResponse {
  product: ProductDto;
}

export interface PublicConfigResponse {
  storeName: string;
  /** Payment methods shoppers may choose, and Stripe's publishable key when cards are accepted. */
  payments: { methods: PaymentProvider[]; stripePublishableKey: string | null };
  firebase: WebFirebaseConfig;
}

export interface HealthResponse {
  status: 'ok';
  backend: string;
}

export interface ContactMessageResponse {
  message: { id: string; name: string; email: string; message: string; createdAt: Timestamp };
}

export interface CheckoutResponse {
  order: Order;
  /** How to pay; null when the order no longer awaits payment (a retried checkout of a paid order). */
  payment: PaymentStart | null;
  /** false when the idempotency key had already placed this order. */
  created: boolean;
}

export interface OrderListResponse {
  orders: Order[];
}

export interface OrderResponse {
  order: Order;
  /** Bank transfer details while a transfer is awaited; otherwise null. */
  payment: PaymentStart | null;
}

export interface PaymentResponse {
  payment: PaymentStart;
}

export interface QuoteResponse {
  lines: QuoteLine[];
  /** Totals of the lines that can be ordered. */
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
}

export interface ImageUploadResponse {
  /** Where the stored image is served; put it in a product's imgUrl. */
  url: string;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  size: number;
}

/** An account holding the isAdmin claim. */
export interface AdminAccountDto {
  uid: string;
  email: string | null;
  displayName: string | null;
  disabled: boolean;
  lastSignIn: string | null;
}

export interface AdminListResponse {
  admins: AdminAccountDto[];
}

export interface AdminAccountResponse {
  admin: AdminAccountDto;
}
