import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatCents } from '../../../shared/domain/money.js';
import type { OrderLine } from '../../../shared/domain/order.js';
import { lineTitle } from '../../../shared/domain/variant.js';
import { productHref } from '../catalogue/product-href.js';

/** One priced line: image, name and size (linking to the product), "quantity x price" and the line total. */
export function OrderLineRow({ line, struck = false }: { line: OrderLine; struck?: boolean }): ReactNode {
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
        <p className="text-sm text-slate-600">
          {line.quantity} x {formatCents(line.unitPriceCents)}
        </p>
      </div>
      <span className="font-medium">{formatCents(line.lineTotalCents)}</span>
    </div>
  );
}
