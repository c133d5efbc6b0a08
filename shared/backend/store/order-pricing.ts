import { ShopError } from '../../domain/errors.js';
import { lineCents, toCents } from '../../domain/money.js';
import { type OrderLine, orderTotals, type QuoteLine, type QuoteLineStatus } from '../../domain/order.js';
import type { Product } from '../../domain/product.js';

export interface PricedOrder {
  lines: (OrderLine & { stockReserved: boolean })[];
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  /** Tracked stock to take: product id → units. */
  stockTaken: Map<string, number>;
}

const names = (products: { name: string }[]) => products.map((p) => p.name).join(', ');

/**
 * Prices requested lines from the products as they are now, the part of placing an order every
 * adapter shares. Refuses unavailable products and short stock, naming them, before anything is written.
 */
export function priceOrder(
  requested: readonly { productId: string; quantity: number }[],
  products: ReadonlyMap<string, Product>,
): PricedOrder {
  const unavailable = requested.filter((l) => !products.get(l.productId)?.available);
  if (unavailable.length > 0) {
    const known = unavailable.flatMap((l) => products.get(l.productId) ?? []);
    throw new ShopError(
      'unavailable',
      known.length === unavailable.length
        ? `No longer available: ${names(known)}`
        : 'Some products in your cart are no longer available',
      { productIds: unavailable.map((l) => l.productId) },
    );
  }
  const short = requested.filter((l) => {
    const stock = products.get(l.productId)!.stock;
    return stock !== null && stock < l.quantity;
  });
  if (short.length > 0) {
    const detail = short.map((l) => {
      const p = products.get(l.productId)!;
      return p.stock === 0 ? `${p.name} is out of stock` : `only ${p.stock} of ${p.name} left`;
    });
    throw new ShopError('out-of-stock', `Not enough stock: ${detail.join('; ')}`, {
      productIds: short.map((l) => l.productId),
      inStock: Object.fromEntries(short.map((l) => [l.productId, products.get(l.productId)!.stock])),
    });
  }
  const stockTaken = new Map<string, number>();
  const lines = requested.map(({ productId, quantity }) => {
    const product = products.get(productId)!;
    const unitPriceCents = toCents(product.price);
    if (product.stock !== null) stockTaken.set(productId, quantity);
    return {
      productId,
      name: product.name,
      imgUrl: product.imgUrl,
      unitPriceCents,
      quantity,
      lineTotalCents: lineCents(unitPriceCents, quantity),
      stockReserved: product.stock !== null,
    };
  });
  return { lines, ...orderTotals(lines), stockTaken };
}

/**
 * What a cart would cost now, line by line, without refusing anything: the checkout page shows the
 * shopper which lines changed or cannot be ordered before they place the order.
 */
export function quoteOrder(
  requested: readonly { productId: string; quantity: number }[],
  products: ReadonlyMap<string, Product>,
) {
  const lines: QuoteLine[] = requested.map(({ productId, quantity }) => {
    const product = products.get(productId);
    const unitPriceCents = product ? toCents(product.price) : 0;
    const status: QuoteLineStatus = !product?.available
      ? 'unavailable'
      : product.stock !== null && product.stock < quantity
        ? 'short'
        : 'ok';
    return {
      productId,
      name: product?.name ?? '',
      imgUrl: product?.imgUrl ?? '',
      unitPriceCents,
      quantity,
      lineTotalCents: lineCents(unitPriceCents, quantity),
      status,
      inStock: product?.stock ?? null,
    };
  });
  return { lines, ...orderTotals(lines.filter((l) => l.status === 'ok')) };
}
