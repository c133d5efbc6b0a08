import type { ShippingAddress } from '../../../domain/address.js';
import type { Order, OrderLine, OrderStatus, PaymentProvider } from '../../../domain/order.js';
import { timestampFromMillis } from '../../../domain/timestamp.js';
import { complianceFromJson } from './stored-compliance.js';

/** A line as stored: the public line plus whether its stock was taken (and must go back on cancel). */
export interface StoredOrderLine extends OrderLine {
  stockReserved: boolean;
}

export interface StoredStatusChange {
  status: OrderStatus;
  atMs: number;
  note: string;
  staffNote?: string;
}

export interface OrderRow {
  id: string;
  number: string;
  uid: string;
  email: string;
  lines: string;
  subtotal_cents: number;
  shipping_cents: number;
  /** 0 for orders placed before tax was kept. */
  tax_cents: number;
  total_cents: number;
  /** JSON of the order's discount, shipping rate and tax (StoredPricing); null for older orders. */
  pricing: string | null;
  shipping_address: string;
  status: OrderStatus;
  status_history: string;
  tracking: string | null;
  payment_provider: PaymentProvider;
  payment_reference: string | null;
  /** When an unpaid bank-transfer order is cancelled (ms); null for card orders and older orders. */
  payment_due_at: number | null;
  idempotency_key: string;
  /** SHA-256 of the request that placed the order (order-fingerprint.ts); null for older orders. */
  request_fingerprint: string | null;
  /** JSON of what the shopper attested (StoredCompliance); null for orders placed before it was kept. */
  compliance: string | null;
  created_at: number;
  updated_at: number;
}

type StoredPricing = Pick<Order, 'discount' | 'shipping' | 'tax'>;

export function pricingToJson({ discount, shipping, tax }: StoredPricing): string {
  return JSON.stringify({ discount, shipping, tax });
}

function pricingFromJson(json: string | null): StoredPricing {
  return json ? (JSON.parse(json) as StoredPricing) : { discount: null, shipping: null, tax: null };
}

/** Lines stored before variants existed read as their product's only variant, whose id is the product's. */
export function storedLines(row: OrderRow): StoredOrderLine[] {
  return (
    JSON.parse(row.lines) as (Omit<StoredOrderLine, 'variantId' | 'sku' | 'options'> &
      Partial<StoredOrderLine>)[]
  ).map((line) => ({
    ...line,
    variantId: line.variantId ?? line.productId,
    sku: line.sku ?? '',
    options: line.options ?? {},
  }));
}

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    number: row.number,
    uid: row.uid,
    email: row.email,
    lines: storedLines(row).map(({ stockReserved: _internal, ...line }) => line),
    subtotalCents: row.subtotal_cents,
    shippingCents: row.shipping_cents,
    taxCents: row.tax_cents ?? 0,
    totalCents: row.total_cents,
    ...pricingFromJson(row.pricing ?? null),
    shippingAddress: JSON.parse(row.shipping_address) as ShippingAddress,
    status: row.status,
    statusHistory: (JSON.parse(row.status_history) as StoredStatusChange[]).map(
      ({ status, atMs, note, staffNote }) => ({
        status,
        at: timestampFromMillis(atMs),
        note,
        ...(staffNote ? { staffNote } : {}),
      }),
    ),
    tracking: row.tracking ? (JSON.parse(row.tracking) as Order['tracking']) : null,
    payment: {
      provider: row.payment_provider,
      reference: row.payment_reference,
      ...(row.payment_due_at == null ? {} : { dueBy: timestampFromMillis(row.payment_due_at) }),
    },
    idempotencyKey: row.idempotency_key,
    compliance: complianceFromJson(row.compliance),
    createdAt: timestampFromMillis(row.created_at),
    updatedAt: timestampFromMillis(row.updated_at),
  };
}
