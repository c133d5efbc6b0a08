import type { ReactNode } from 'react';
import type { QuoteResponse } from '../../../shared/api/client.js';
import { type CartLine, lineProductId } from '../../../shared/domain/cart.js';
import { formatCents, toCents } from '../../../shared/domain/money.js';
import { lineTitle } from '../../../shared/domain/variant.js';
import { OrderLineRow } from '../orders/order-line-row.js';
import { OrderTotals } from '../orders/order-totals.js';

type QuoteLine = QuoteResponse['lines'][number];

/** What stops a line from being ordered as it is, in words; null when it can be ordered. */
function lineProblem(line: QuoteLine): string | null {
  if (line.status === 'unavailable') return 'No longer available';
  if (line.status === 'short') return line.inStock ? `Only ${line.inStock} left in stock` : 'Out of stock';
  return null;
}

/**
 * The cart line a quote line prices: the one of its variant, or a line saved before variants (no
 * variantId), which stands for its product's only variant.
 */
function cartLineFor(cartLines: readonly CartLine[], line: QuoteLine): CartLine | undefined {
  return (
    cartLines.find((l) => l.variantId !== undefined && l.variantId === line.variantId) ??
    cartLines.find((l) => l.variantId === undefined && lineProductId(l) === line.productId)
  );
}

/** @internal */
export const PRICE_UPDATED = 'Price updated since you added it to your cart';

/**
 * The note shown when the server's price of the size (before any quantity tier) differs from the one the cart
 * remembered, or when the cart already refreshed the price from the catalogue (`repriced`) and the old one is gone.
 */
function priceChange(cartLine: CartLine | undefined, line: QuoteLine, repriced = false): string | null {
  if (!cartLine || line.status === 'unavailable') return null;
  const was = toCents(cartLine.price);
  const now = line.listUnitPriceCents ?? line.unitPriceCents;
  if (was !== now) return `Price changed from ${formatCents(was)} to ${formatCents(now)}`;
  return repriced ? PRICE_UPDATED : null;
}

export function OrderSummary({
  quote,
  cartLines,
  repricedIds = new Set(),
  onRemove,
  onSetQuantity,
  shippingUnknown = false,
  children,
}: {
  quote: QuoteResponse;
  cartLines: readonly CartLine[];
  repricedIds?: ReadonlySet<string>;
  onRemove: (id: string) => void;
  onSetQuantity: (id: string, quantity: number) => void;
  /** No rate is chosen yet: the address does not say where it ships. */
  shippingUnknown?: boolean;
  /** Shown between the lines and the totals (the discount code). */
  children?: ReactNode;
}) {
  return (
    <section aria-label="Order summary" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 className="mb-3 text-lg font-semibold text-slate-900">Order summary</h2>
      <ul className="mb-4 divide-y divide-slate-100">
        {quote.lines.map((line) => {
          const problem = lineProblem(line);
          const cartLine = cartLineFor(cartLines, line);
          const id = cartLine?.id ?? (line.variantId || line.productId);
          const changed = priceChange(cartLine, line, repricedIds.has(id));
          return (
            <li key={`${line.productId}/${line.variantId}`} className="py-3" data-testid="summary-line">
              <OrderLineRow line={line} struck={problem !== null} />
              {changed && <p className="mt-1 text-sm text-amber-800">{changed}</p>}
              {problem && (
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-red-700">
                  <span>{problem}</span>
                  {line.status === 'short' && line.inStock ? (
                    <button
                      type="button"
                      className="underline"
                      onClick={() => onSetQuantity(id, line.inStock!)}
                    >
                      Change to {line.inStock}
                    </button>
                  ) : null}
                  <button type="button" className="underline" onClick={() => onRemove(id)}>
                    Remove {lineTitle(line.name, line.options)}
                  </button>
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {children && <div className="mb-4">{children}</div>}
      <OrderTotals {...quote} shippingUnknown={shippingUnknown} />
    </section>
  );
}
