import type { Order } from '../../../shared/domain/order.js';
import { formatTotalLine, orderTotalLines } from '../../../shared/domain/order-totals.js';

/** How the order's total was made: subtotal, the code's discount, the rate chosen, the tax, the total. */
export function OrderTotals({ order }: { order: Order }) {
  return (
    <dl aria-label="Totals" className="mt-2 max-w-sm text-sm">
      {orderTotalLines(order, 'staff').map((row) => (
        <div
          key={row.kind}
          className={`flex justify-between gap-4${row.kind === 'total' ? ' font-semibold' : ''}`}
          data-total={row.kind}
        >
          <dt>{row.label}</dt>
          <dd className="whitespace-nowrap tabular-nums">{formatTotalLine(row)}</dd>
        </div>
      ))}
    </dl>
  );
}
