import { Link } from 'react-router-dom';
import {
  type CartLine,
  cartLineTotalCents,
  cartLineUnitCents,
  lineProductId,
} from '../../../shared/domain/cart.js';
import { MAX_LINE_QUANTITY } from '../../../shared/domain/constants.js';
import { formatCents, toCents } from '../../../shared/domain/money.js';
import { tierFor } from '../../../shared/domain/price-tiers.js';
import { lineTitle } from '../../../shared/domain/variant.js';
import { productHref } from '../catalogue/product-href.js';
import { ProductImage } from '../catalogue/product-image.js';
import { useCart } from './cart-context.js';

const stepButton =
  'flex h-8 w-8 items-center justify-center rounded border border-slate-300 hover:bg-slate-100 disabled:opacity-40';

export function CartLineItem({ line }: { line: CartLine }) {
  const { setQuantity, remove, closeDrawer, unavailableIds, repricedIds } = useCart();
  const href = productHref(lineProductId(line), line.variantId);
  const title = lineTitle(line.name, line.options);
  const unitCents = cartLineUnitCents(line);
  const tier = tierFor(line.priceTiers, line.quantity);
  return (
    <li data-testid="cart-line" className="flex gap-3 py-4">
      {/* The name links to the same page; one link per line is enough for keyboards and screen readers. */}
      <Link to={href} onClick={closeDrawer} className="shrink-0" tabIndex={-1} aria-hidden>
        <ProductImage src={line.imgUrl} alt={title} size={64} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link to={href} onClick={closeDrawer} className="truncate font-medium hover:text-teal-700">
          {title}
        </Link>
        <p className="text-sm text-slate-600" data-testid="cart-line-unit">
          {line.quantity} x {formatCents(unitCents)}
          {tier && (
            <>
              {' '}
              <s className="text-slate-500">
                <span className="sr-only">was </span>
                {formatCents(toCents(line.price))}
              </s>{' '}
              <span className="text-emerald-700">
                ({tier.minQuantity}+ price, {tier.percentOff}% off)
              </span>
            </>
          )}
        </p>
        {unavailableIds.has(line.id) && <p className="text-sm text-red-700">No longer available</p>}
        {repricedIds.has(line.id) && !unavailableIds.has(line.id) && (
          <p className="text-sm text-amber-700">Price updated to the current price</p>
        )}
        <div className="flex items-center gap-2">
          {line.quantity > 1 ? (
            <button
              type="button"
              className={stepButton}
              aria-label={`Decrease quantity of ${title}`}
              onClick={() => setQuantity(line.id, line.quantity - 1)}
            >
              −
            </button>
          ) : (
            <button
              type="button"
              className={stepButton}
              aria-label={`Remove ${title}`}
              onClick={() => remove(line.id)}
            >
              <svg
                viewBox="0 0 24 24"
                width="16"
                height="16"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden
              >
                <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
              </svg>
            </button>
          )}
          <span className="w-6 text-center" data-testid="cart-line-quantity">
            {line.quantity}
          </span>
          <button
            type="button"
            className={stepButton}
            aria-label={`Increase quantity of ${title}`}
            disabled={line.quantity >= MAX_LINE_QUANTITY}
            onClick={() => setQuantity(line.id, line.quantity + 1)}
          >
            +
          </button>
        </div>
      </div>
      <p className="font-semibold" data-testid="cart-line-total">
        {formatCents(cartLineTotalCents(line))}
      </p>
    </li>
  );
}
