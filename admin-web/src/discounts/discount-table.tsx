import { useState } from 'react';
import toast from 'react-hot-toast';
import { DISCOUNT_STATE_LABELS, type DiscountForStaff } from '../../../shared/domain/discount.js';
import { formatPrice } from '../../../shared/domain/money.js';
import { TableHead } from '../ui/table-head.js';
import { affiliateText, appliesToText, datesText, discountValueText, usesText } from './discount-text.js';

const COLUMNS = [
  'Code',
  'Discount',
  'Applies to',
  'Dates',
  'Minimum subtotal',
  'Uses',
  'State',
  'Once per customer',
  'Affiliate',
  'Active',
];

/** The switch that turns a code on or off; it follows the server's answer, not the click. */
function ActiveSwitch({
  discount,
  onSwitch,
}: {
  discount: DiscountForStaff;
  onSwitch(code: string, active: boolean): Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const flip = async () => {
    setBusy(true);
    try {
      await onSwitch(discount.code, !discount.active);
      toast.success(`${discount.code} is now ${discount.active ? 'inactive' : 'active'}`);
    } catch (err) {
      toast.error(`${discount.code}: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <label className="inline-flex items-center gap-2">
      <input
        type="checkbox"
        role="switch"
        checked={discount.active}
        aria-checked={discount.active}
        disabled={busy}
        onChange={() => void flip()}
        aria-label={`${discount.code} active`}
        className="h-5 w-5 accent-teal-700"
      />
      <span aria-hidden="true">{discount.active ? 'On' : 'Off'}</span>
    </label>
  );
}

/**
 * Every code with what it takes off, where, when, how often it was used, whether it can be used now
 * (shoppers are only told it cannot), and whose it is.
 */
export function DiscountTable({
  discounts,
  onSwitch,
}: {
  discounts: readonly DiscountForStaff[];
  onSwitch(code: string, active: boolean): Promise<void>;
}) {
  if (discounts.length === 0) return <p className="text-slate-600">No discount codes yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label="Discount codes">
        <TableHead columns={COLUMNS} />
        <tbody>
          {discounts.map((d) => (
            <tr key={d.code} data-code={d.code} className={`border-t ${d.active ? '' : 'text-slate-500'}`}>
              <th scope="row" className="p-2 font-mono">
                {d.code}
              </th>
              <td className="p-2">{discountValueText(d)}</td>
              <td className="p-2" title={d.productIds.join(', ') || undefined}>
                {appliesToText(d)}
              </td>
              <td className="p-2">{datesText(d)}</td>
              <td className="p-2">{d.minSubtotal === null ? '—' : formatPrice(d.minSubtotal)}</td>
              <td className="p-2">{usesText(d)}</td>
              <td className="p-2">{DISCOUNT_STATE_LABELS[d.state]}</td>
              <td className="p-2">{d.oncePerCustomer ? 'Yes' : 'No'}</td>
              <td className="p-2">{affiliateText(d)}</td>
              <td className="p-2">
                <ActiveSwitch discount={d} onSwitch={onSwitch} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
