import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatCents } from '../../../shared/domain/money.js';
import type { OrderLine } from '../../../shared/domain/order.js';
import { lineTitle } from '../../../shared/domain/variant.js';
import { productHref } from '../catalogue/product-href.js';

/** A priced line; a quote's line also says the size's own price when a quantity tier lowered it. */
type PricedLine = OrderLine & { listUnitPriceCents?: number };

/**
 * One priced line: image, name and size (linking to the product), "quantity x price" (the size's own price
 * struck through beside a tier price) and the line total.
 */
export function OrderLineRow({ line, struck = false }: { line: PricedLine; struck?: boolean }): ReactNode {
  return (
    <div className="flex items-center gap-3">
      <img src={line.imgUrl} alt="" width={48} height={48} className="h-12 w-12 rounded object-cover" />
      <div className="flex-1">
        <Link
          to={productHref(line.productId, line.variantId || undefined)}
          className={`font-medium ${struck ? 'text-slate-500 line-through' : 'text-slate-900'}`}
        >
          {lineTitle(line.name, line.options)}
        </Link>
        <p className="text-sm text-slate-600" data-testid="line-unit-price">
          {line.quantity} x {formatCents(line.unitPriceCents)}
          {line.listUnitPriceCents !== undefined && (
            <>
              {' '}
              <s className="text-slate-500">
                <span className="sr-only">was </span>
                {formatCents(line.listUnitPriceCents)}
              </s>
            </>
          )}
          {line.tierPercentOff !== undefined && (
            <span className="text-emerald-700"> ({line.tierPercentOff}% quantity price)</span>
          )}
        </p>
      </div>
      <span className="font-medium" data-testid="line-total">
        {formatCents(line.lineTotalCents)}
      </span>
    </div>
  );
}

/** An order's lines, one row each. */
export function OrderLineList({
  lines,
  className = '',
}: {
  lines: readonly OrderLine[];
  className?: string;
}) {
  return (
    <ul className={`divide-y divide-slate-100 ${className}`}>
      {lines.map((line) => (
        <li key={`${line.productId}/${line.variantId}`} className="py-3">
          <OrderLineRow line={line} />
        </li>
      ))}
    </ul>
  );
}
