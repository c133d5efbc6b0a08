import { useMemo } from 'react';
import { regionCode } from '../../../shared/domain/address-rules.js';
import { displayPhone } from '../../../shared/domain/phone-number.js';
import { compareTimestamps } from '../../../shared/domain/timestamp.js';
import { useMyOrders } from '../orders/use-orders.js';
import type { AddressForm } from './address.js';

/**
 * Where the shopper's newest order shipped, to offer it again; null when they have no orders yet. A region typed
 * before regions were chosen from a list is offered as its code when it names one, else left to choose.
 */
export function useLastAddress(): AddressForm | null {
  const { data: orders } = useMyOrders();
  return useMemo(() => {
    const newest = orders && [...orders].sort((a, b) => compareTimestamps(b.createdAt, a.createdAt))[0];
    if (!newest) return null;
    const { shippingAddress: a } = newest;
    return {
      ...a,
      line2: a.line2 ?? '',
      state: regionCode(a.country, a.state) ?? '',
      phone: displayPhone(a.phone, a.country),
    };
  }, [orders]);
}
