import type { OrderDiscount } from '../../../shared/domain/discount.js';
import { formatCents } from '../../../shared/domain/money.js';
import type { OrderTax } from '../../../shared/domain/tax-rates.js';

/** "MA sales tax (6.25%)". */
const taxName = (tax: Pick<OrderTax, 'label' | 'ratePercent'>) => `${tax.label} (${tax.ratePercent}%)`;

/**
 * Subtotal, discount, shipping, tax and total rows, shared by the order pages and the checkout summary; every
 * figure is the server's. An inclusive tax is already in the prices: it is told under the total, not added.
 */
export function OrderTotals({
  subtotalCents,
  discount = null,
  shipping = null,
  shippingCents,
  tax = null,
  totalCents,
  shippingUnknown = false,
}: {
  subtotalCents: number;
  discount?: Pick<OrderDiscount, 'code' | 'amountCents'> | null;
  shipping?: { label: string } | null;
  shippingCents: number;
  tax?: OrderTax | null;
  totalCents: number;
  /** The address does not say enough yet to choose a rate. */
  shippingUnknown?: boolean;
}) {
  return (
    <dl className="grid grid-cols-[1fr_max-content] gap-x-3 gap-y-1 text-slate-700">
      <dt>Subtotal</dt>
      <dd className="text-right" data-testid="order-subtotal">
        {formatCents(subtotalCents)}
      </dd>
      {discount && (
        <>
          <dt className="wrap-anywhere">Discount ({discount.code})</dt>
          <dd className="text-right text-emerald-700" data-testid="order-discount">
            −{formatCents(discount.amountCents)}
          </dd>
        </>
      )}
      <dt className="wrap-anywhere">
        {shipping && !shippingUnknown ? `Shipping (${shipping.label})` : 'Shipping'}
      </dt>
      <dd className="text-right" data-testid="order-shipping">
        {shippingUnknown ? 'Enter your address' : shippingCents === 0 ? 'Free' : formatCents(shippingCents)}
      </dd>
      {tax && !tax.inclusive && (
        <>
          <dt className="wrap-anywhere">{taxName(tax)}</dt>
          <dd className="text-right" data-testid="order-tax">
            {formatCents(tax.amountCents)}
          </dd>
        </>
      )}
      <dt className="border-t border-slate-200 pt-2 text-lg font-semibold text-slate-900">Total</dt>
      <dd
        className="border-t border-slate-200 pt-2 text-right text-lg font-semibold text-slate-900"
        data-testid="order-total"
      >
        {formatCents(totalCents)}
      </dd>
      {tax?.inclusive && (
        <dd className="col-span-2 text-right text-sm text-slate-600" data-testid="order-tax">
          Includes {formatCents(tax.amountCents)} {taxName(tax)}
        </dd>
      )}
    </dl>
  );
}
