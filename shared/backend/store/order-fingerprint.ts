import { createHash } from 'node:crypto';
import { IdempotencyMismatchError } from '../../domain/errors.js';
import type { PlaceOrder } from './port.js';

/** JSON with object keys sorted at every level, so equal values always give equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * SHA-256 of what an order request asks for (lines with their sizes in any order, address, payment method), stored
 * with the order so a retry with the same idempotency key can be told from a different request.
 */
export function orderRequestFingerprint(
  request: Pick<
    PlaceOrder,
    'lines' | 'shippingAddress' | 'paymentProvider' | 'discountCode' | 'shippingOptionId'
  >,
): string {
  // A line without variantId leaves it out, so requests of before variants keep their fingerprint.
  const key = (l: { productId: string; variantId?: string }) => `${l.productId}\u0000${l.variantId ?? ''}`;
  const lines = request.lines
    .map(({ productId, variantId, quantity }) => ({ productId, variantId, quantity }))
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.quantity - b.quantity));
  const normalised = {
    lines,
    shippingAddress: request.shippingAddress,
    paymentProvider: request.paymentProvider,
    // Absent ones are left out of the JSON, so requests of before codes and rates keep their fingerprint.
    discountCode: request.discountCode,
    shippingOptionId: request.shippingOptionId,
  };
  return createHash('sha256').update(canonicalJson(normalised)).digest('hex');
}

/** A stored order answers a repeated key only for the same request; orders stored before fingerprints match any. */
export function assertSameRequest(stored: string | null | undefined, fingerprint: string): void {
  if (stored && stored !== fingerprint) throw new IdempotencyMismatchError();
}
