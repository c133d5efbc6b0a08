import { csvLine } from '../../domain/csv-cell.js';
import type { Order, OrderLine } from '../../domain/order.js';
import type { OrderExportFormat } from '../../domain/order-export-format.js';
import {
  type ShippingOrder,
  type ShippingOrderLine,
  shippingView,
} from '../../domain/order-shipping-view.js';
import { timestampToMillis } from '../../domain/timestamp.js';

/** What an export holds: orders whole (full admins, the CLI) or their shipping view (fulfilment staff). */
export type OrderExportView = 'whole' | 'shipping';

type Cell<O, L> = (order: O, line: L) => string;
/** A column fulfilment staff may read: it is filled from the shipping view alone. */
type ShippingColumn = readonly [name: string, Cell<ShippingOrder, ShippingOrderLine>, shipping: true];
type WholeColumn = readonly [name: string, Cell<Order, OrderLine>];

const dollars = (cents: number) => (cents / 100).toFixed(2);
const ship = (name: string, cell: Cell<ShippingOrder, ShippingOrderLine>): ShippingColumn => [
  name,
  cell,
  true,
];
const whole = (name: string, cell: Cell<Order, OrderLine>): WholeColumn => [name, cell];

/** One CSV row per order line; the order's own fields repeat on each of its lines. */
const CSV_COLUMNS: readonly (ShippingColumn | WholeColumn)[] = [
  ship('order_number', (o) => o.number),
  ship('order_id', (o) => o.id),
  ship('placed_at', (o) => new Date(timestampToMillis(o.createdAt)).toISOString()),
  ship('status', (o) => o.status),
  whole('email', (o) => o.email),
  ship('ship_to_name', (o) => o.shippingAddress.fullName),
  ship('address_line1', (o) => o.shippingAddress.line1),
  ship('address_line2', (o) => o.shippingAddress.line2),
  ship('city', (o) => o.shippingAddress.city),
  ship('region', (o) => o.shippingAddress.state),
  ship('postal_code', (o) => o.shippingAddress.postalCode),
  ship('country', (o) => o.shippingAddress.country),
  ship('phone', (o) => o.shippingAddress.phone),
  ship('sku', (_, l) => l.sku),
  ship('product', (_, l) => l.name),
  ship('options', (_, l) =>
    Object.entries(l.options ?? {})
      .map(([name, value]) => `${name}: ${value}`)
      .join('; '),
  ),
  ship('quantity', (_, l) => String(l.quantity)),
  whole('unit_price', (_, l) => dollars(l.unitPriceCents)),
  whole('line_total', (_, l) => dollars(l.lineTotalCents)),
  whole('subtotal', (o) => dollars(o.subtotalCents)),
  whole('shipping', (o) => dollars(o.shippingCents)),
  whole('total', (o) => dollars(o.totalCents)),
  whole('payment_provider', (o) => o.payment.provider),
  whole('payment_reference', (o) => o.payment.reference ?? ''),
  ship('tracking_carrier', (o) => o.tracking?.carrier ?? ''),
  ship('tracking_number', (o) => o.tracking?.number ?? ''),
  // Added with discount codes, shipping rates and tax: after the older columns, so importers reading those by position still work.
  whole('discount_code', (o) => o.discount?.code ?? ''),
  whole('discount', (o) => dollars(o.discount?.amountCents ?? 0)),
  ship('shipping_option', (o) => o.shippingMethod ?? ''),
  whole('tax_label', (o) => o.tax?.label ?? ''),
  whole('tax_rate', (o) => (o.tax ? String(o.tax.ratePercent) : '')),
  whole('tax_inclusive', (o) => (o.tax ? (o.tax.inclusive ? 'yes' : 'no') : '')),
  whole('tax', (o) => dollars(o.taxCents ?? 0)),
  // Added with the shipping view.
  ship('cold_pack', (o) => (o.coldPack ? 'yes' : 'no')),
];

const isShippingColumn = (column: ShippingColumn | WholeColumn): column is ShippingColumn =>
  column.length === 3;
const COLUMNS_OF: Record<OrderExportView, readonly (ShippingColumn | WholeColumn)[]> = {
  whole: CSV_COLUMNS,
  shipping: CSV_COLUMNS.filter(isShippingColumn),
};

function orderCsvRows(order: Order, view: OrderExportView): string {
  const shipping = shippingView(order);
  return order.lines
    .map((line, i) =>
      csvLine(
        COLUMNS_OF[view].map((column) =>
          isShippingColumn(column) ? column[1](shipping, shipping.lines[i]!) : column[1](order, line),
        ),
      ),
    )
    .join('');
}

/**
 * An orders export as text, piece by piece while the pages come: CSV (RFC 4180, no cell a
 * spreadsheet would run as a formula) or a JSON array of the orders, one a line. The shipping view
 * leaves out every column and field that is not the shipping view's.
 */
export async function* orderExportText(
  pages: AsyncIterable<Order[]>,
  format: OrderExportFormat,
  view: OrderExportView = 'whole',
): AsyncGenerator<string> {
  let first = true;
  if (format === 'csv') yield csvLine(COLUMNS_OF[view].map(([name]) => name));
  for await (const page of pages)
    for (const order of page) {
      if (format === 'csv') yield orderCsvRows(order, view);
      else yield `${first ? '[\n' : ',\n'}${JSON.stringify(view === 'whole' ? order : shippingView(order))}`;
      first = false;
    }
  if (format === 'json') yield first ? '[]\n' : '\n]\n';
}
