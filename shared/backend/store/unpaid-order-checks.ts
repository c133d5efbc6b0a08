import {
  DEFAULT_CHECKOUT_LIMITS,
  holdMs,
  refuseOversizedLines,
  refuseTooManyUnpaid,
} from '../../domain/unpaid-orders.js';
import type { PricedOrder } from './order-pricing.js';
import type { PlaceOrder } from './port.js';

/**
 * Refuses a request whose account already holds as many orders awaiting payment (`unpaidHeld`, read
 * in the adapter's atomic step) as its limits allow.
 */
export function refuseHoarding(request: PlaceOrder, unpaidHeld: number): void {
  if (request.unpaid) refuseTooManyUnpaid(unpaidHeld, request.unpaid);
}

/** Refuses priced lines taking more of one size than the request's limits allow. */
export function refuseOversized(request: PlaceOrder, priced: Pick<PricedOrder, 'lines'>): void {
  if (request.unpaid) refuseOversizedLines(priced.lines, request.unpaid);
}

/** When a bank-transfer order placed at `atMs` is cancelled if unpaid; null for a card order. */
export function paymentDueAt(request: PlaceOrder, atMs: number): number | null {
  if (request.paymentProvider !== 'manual') return null;
  return atMs + holdMs(request.unpaid ?? DEFAULT_CHECKOUT_LIMITS);
}
