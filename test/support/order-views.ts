import { parse } from 'csv-parse/sync';

/**
 * What only full admins read of an order, as the JSON answers name it (`lines.` and `statusHistory.`
 * for fields of every line or history entry) and as the CSV export's columns do.
 */
export const WHOLE_ORDER_KEYS = [
  'uid',
  'email',
  'subtotalCents',
  'discount',
  'shipping',
  'shippingCents',
  'taxCents',
  'tax',
  'totalCents',
  'payment',
  'idempotencyKey',
  'compliance',
  'lines.unitPriceCents',
  'lines.lineTotalCents',
  'statusHistory.staffNote',
];
export const WHOLE_ORDER_COLUMNS = [
  'email',
  'unit_price',
  'line_total',
  'subtotal',
  'shipping',
  'total',
  'payment_provider',
  'payment_reference',
  'discount_code',
  'discount',
  'tax_label',
  'tax_rate',
  'tax_inclusive',
  'tax',
];

/** What shipping needs, which everyone who reads orders gets. */
export const SHIPPING_KEYS = [
  'id',
  'number',
  'createdAt',
  'status',
  'lines.sku',
  'lines.name',
  'lines.options',
  'lines.quantity',
  'shippingAddress',
  'tracking',
];
export const SHIPPING_COLUMNS = [
  'order_number',
  'placed_at',
  'status',
  'ship_to_name',
  'address_line1',
  'postal_code',
  'country',
  'phone',
  'sku',
  'product',
  'options',
  'quantity',
  'tracking_number',
  'shipping_option',
  'cold_pack',
];

/** The keys an order holds, those of its lines and history entries prefixed `lines.` and `statusHistory.`. */
function keysOf(order: Record<string, unknown>): string[] {
  const keys = Object.keys(order);
  for (const list of ['lines', 'statusHistory'])
    for (const item of (order[list] as Record<string, unknown>[] | undefined) ?? [])
      keys.push(...Object.keys(item).map((key) => `${list}.${key}`));
  return keys;
}

export type OrdersIn = 'list' | 'order' | 'csv' | 'json';

/**
 * The order fields an answer carries (CSV: its columns), every order's together, and its text: for
 * the list (`{ orders }`), one order (`{ order }`), and the export as CSV or JSON.
 */
export async function orderFieldsOf(
  response: Response,
  shape: OrdersIn,
): Promise<{ fields: Set<string>; text: string; count: number }> {
  const text = await response.text();
  if (shape === 'csv') {
    const [header = [], ...rows] = parse(text) as string[][];
    return { fields: new Set(header), text, count: rows.length };
  }
  const body = JSON.parse(text);
  const orders: Record<string, unknown>[] =
    shape === 'list' ? body.orders : shape === 'order' ? [body.order] : body;
  return { fields: new Set(orders.flatMap(keysOf)), text, count: orders.length };
}
