import type { ShippingAddress } from '../../../shared/domain/address.js';
import { localityLine } from '../../../shared/domain/address-rules.js';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../shared/domain/order.js';
import { displayPhone } from '../../../shared/domain/phone-number.js';

const STATUS_COLOURS: Record<OrderStatus, string> = {
  pending_payment: 'bg-amber-100 text-amber-900',
  paid: 'bg-sky-100 text-sky-900',
  shipped: 'bg-teal-100 text-teal-900',
  cancelled: 'bg-slate-200 text-slate-700',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-sm font-medium ${STATUS_COLOURS[status]}`}>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}

export function AddressBlock({ address }: { address: ShippingAddress }) {
  return (
    <address className="not-italic leading-relaxed text-slate-700">
      {address.fullName}
      <br />
      {address.line1}
      {address.line2 && (
        <>
          <br />
          {address.line2}
        </>
      )}
      <br />
      {localityLine(address)}
      <br />
      {address.country}
      <br />
      {displayPhone(address.phone, address.country)}
    </address>
  );
}
