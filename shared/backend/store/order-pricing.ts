import {
  type CheckoutPricingInput,
  type CheckoutTotals,
  priceCheckout,
} from '../../domain/checkout-pricing.js';
import { ShopError } from '../../domain/errors.js';
import { lineCents, toCents } from '../../domain/money.js';
import type { OrderLine, QuoteLine, QuoteLineStatus, RequestedLine } from '../../domain/order.js';
import { tierFor, tierUnitCents } from '../../domain/price-tiers.js';
import type { Product } from '../../domain/product.js';
import { DEFAULT_SHIPPING_CONFIG } from '../../domain/shipping-rates.js';
import { DEFAULT_TAX_CONFIG } from '../../domain/tax-rates.js';
import { lineTitle, resolveVariant, type Variant } from '../../domain/variant.js';
import type { PlaceOrder } from './port.js';
import { type StockChanges, stockChangesOf } from './stock-changes.js';

/** Everything but the lines that decides an order's totals: the code, shipping, tax, where and when. */
export type PricingContext = Omit<CheckoutPricingInput, 'lines'>;

/** The pricing of an order request but for its discount, which the adapter reads in its transaction. */
export function pricingOf(
  request: PlaceOrder,
  nowMs: number,
): Omit<PricingContext, 'discount' | 'usedByShopper'> {
  return {
    ...(request.discountCode === undefined ? {} : { discountCode: request.discountCode }),
    ...(request.shippingOptionId === undefined ? {} : { shippingOptionId: request.shippingOptionId }),
    shipping: request.rates?.shipping ?? DEFAULT_SHIPPING_CONFIG,
    tax: request.rates?.tax ?? DEFAULT_TAX_CONFIG,
    destination: { country: request.shippingAddress.country, region: request.shippingAddress.state },
    nowMs,
  };
}

export interface PricedOrder extends CheckoutTotals {
  lines: (OrderLine & { stockReserved: boolean })[];
  /** Tracked stock to take, as negative units. */
  stockTaken: StockChanges;
}

interface ResolvedLine {
  line: RequestedLine;
  product: Product | undefined;
  variant: Variant | undefined;
}

function resolve(
  requested: readonly RequestedLine[],
  products: ReadonlyMap<string, Product>,
): ResolvedLine[] {
  return requested.map((line) => {
    const product = products.get(line.productId);
    return { line, product, variant: product && resolveVariant(product, line.variantId) };
  });
}

const isBuyable = ({ product, variant }: ResolvedLine) =>
  product?.available === true && variant?.available === true;

const titles = (lines: ResolvedLine[]) =>
  lines.map(({ product, variant }) => lineTitle(product!.name, variant?.options)).join(', ');

const variantIdOf = ({ line, variant }: ResolvedLine) => variant?.id ?? line.variantId ?? '';

/** A line's unit price at its quantity (a tier's price once it reaches one) and the price before. */
function unitPrices(variant: Variant | undefined, quantity: number) {
  const listUnitPriceCents = variant ? toCents(variant.price) : 0;
  const tier = tierFor(variant?.priceTiers, quantity);
  return {
    listUnitPriceCents,
    unitPriceCents: tierUnitCents(listUnitPriceCents, variant?.priceTiers, quantity),
    tierPercentOff: tier?.percentOff ?? null,
  };
}

/** What the totals need of a priced line. */
function lineFacts(line: { productId: string; quantity: number; lineTotalCents: number }, r: ResolvedLine) {
  return {
    productId: line.productId,
    category: r.product?.category ?? '',
    lineTotalCents: line.lineTotalCents,
    quantity: line.quantity,
    weightGrams: r.variant?.weightGrams ?? 0,
    coldPack: r.variant?.coldPack === true,
  };
}

/**
 * Prices requested lines from the products as they are now, the part of placing an order every
 * adapter shares. Refuses unavailable products or variants (a product with several variants given
 * none is one) and short stock, naming them, before anything is written.
 */
export function priceOrder(
  requested: readonly RequestedLine[],
  products: ReadonlyMap<string, Product>,
  context: PricingContext,
): PricedOrder {
  const resolved = resolve(requested, products);
  const unavailable = resolved.filter((r) => !isBuyable(r));
  if (unavailable.length > 0) {
    const known = unavailable.filter((r) => r.product !== undefined);
    throw new ShopError(
      'unavailable',
      known.length === unavailable.length
        ? `No longer available: ${titles(known)}`
        : 'Some products in your cart are no longer available',
      { productIds: unavailable.map((r) => r.line.productId), variantIds: unavailable.map(variantIdOf) },
    );
  }
  // Two lines may name one variant (by id, and by leaving it out): stock is judged on their sum.
  const wanted = new Map<Variant, number>();
  for (const { line, variant } of resolved) wanted.set(variant!, (wanted.get(variant!) ?? 0) + line.quantity);
  const short = resolved.filter(
    ({ variant }) => variant!.stock !== null && variant!.stock < wanted.get(variant!)!,
  );
  if (short.length > 0) {
    const detail = short.map(({ product, variant }) => {
      const title = lineTitle(product!.name, variant!.options);
      return variant!.stock === 0 ? `${title} is out of stock` : `only ${variant!.stock} of ${title} left`;
    });
    throw new ShopError('out-of-stock', `Not enough stock: ${detail.join('; ')}`, {
      productIds: short.map((r) => r.line.productId),
      variantIds: short.map(variantIdOf),
      inStock: Object.fromEntries(short.map(({ variant }) => [variant!.id, variant!.stock])),
    });
  }
  const lines = resolved.map(({ line, product, variant }) => {
    const v = variant!;
    const p = product!;
    const { unitPriceCents, tierPercentOff } = unitPrices(v, line.quantity);
    return {
      productId: p.id,
      variantId: v.id,
      sku: v.sku,
      options: v.options,
      name: p.name,
      imgUrl: v.imgUrl || p.imgUrl,
      unitPriceCents,
      quantity: line.quantity,
      lineTotalCents: lineCents(unitPriceCents, line.quantity),
      ...(tierPercentOff === null ? {} : { tierPercentOff }),
      ...(v.coldPack ? { coldPack: true as const } : {}),
      stockReserved: v.stock !== null,
    };
  });
  const stockTaken = stockChangesOf(
    lines.filter((l) => l.stockReserved),
    -1,
  );
  const totals = priceCheckout({ ...context, lines: lines.map((l, i) => lineFacts(l, resolved[i]!)) });
  return { lines, ...totals, stockTaken };
}

/**
 * What a cart would cost now, line by line, without refusing anything: the checkout page shows the
 * shopper which lines changed or cannot be ordered before they place the order.
 */
export function quoteOrder(
  requested: readonly RequestedLine[],
  products: ReadonlyMap<string, Product>,
  context: PricingContext,
): { lines: QuoteLine[] } & CheckoutTotals {
  const resolved = resolve(requested, products);
  const lines: QuoteLine[] = resolved.map((r) => {
    const { line, product, variant } = r;
    const { unitPriceCents, listUnitPriceCents, tierPercentOff } = unitPrices(variant, line.quantity);
    const status: QuoteLineStatus = !isBuyable(r)
      ? 'unavailable'
      : variant!.stock !== null && variant!.stock < line.quantity
        ? 'short'
        : 'ok';
    return {
      productId: line.productId,
      variantId: variantIdOf(r),
      sku: variant?.sku ?? '',
      options: variant?.options ?? {},
      name: product?.name ?? '',
      imgUrl: variant?.imgUrl || product?.imgUrl || '',
      unitPriceCents,
      ...(tierPercentOff === null ? {} : { listUnitPriceCents, tierPercentOff }),
      quantity: line.quantity,
      lineTotalCents: lineCents(unitPriceCents, line.quantity),
      status,
      inStock: variant?.stock ?? null,
    };
  });
  const priced = lines.flatMap((l, i) => (l.status === 'ok' ? [lineFacts(l, resolved[i]!)] : []));
  return { lines, ...priceCheckout({ ...context, lines: priced }) };
}
