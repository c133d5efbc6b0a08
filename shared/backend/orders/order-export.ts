import { csvLine } from '../../domain/csv-cell.js';
import type { Order } from '../../domain/order.js';
import type { OrderExportFormat } from '../../domain/order-export-format.js';
import { timestampToMillis } from '../../domain/timestamp.js';

/** One CSV row per order line; the order's own fields repeat on each of its lines. */
const CSV_COLUMNS = [
  'order_number',
  'order_id',
  'placed_at',
  'status',
  'email',
  'ship_to_name',
  'address_line1',
  'address_line2',
  'city',
  'region',
  'postal_code',
  'country',
  'phone',
  'sku',
  'product',
  'options',
  'quantity',
  'unit_price',
  'line_total',
  'subtotal',
  'shipping',
  'total',
  'payment_provider',
  'payment_reference',
  'tracking_carrier',
  'tracking_number',
  // Added with discount codes, shipping rates and tax: after the older columns, so importers reading those by position still work.
  'discount_code',
  'discount',
  'shipping_option',
  'tax_label',
  'tax_rate',
  'tax_inclusive',
  'tax',
] as const;

const dollars = (cents: number) => (cents / 100).toFixed(2);

function orderCsvRows(o: Order): string {
  const a = o.shippingAddress;
  return o.lines
    .map((l) =>
      csvLine([
        o.number,
        o.id,
        new Date(timestampToMillis(o.createdAt)).toISOString(),
        o.status,
        o.email,
        a.fullName,
        a.line1,
        a.line2,
        a.city,
        a.state,
        a.postalCode,
        a.country,
        a.phone,
        l.sku,
        l.name,
        Object.entries(l.options ?? {})
          .map(([name, value]) => `${name}: ${value}`)
          .join('; '),
        String(l.quantity),
        dollars(l.unitPriceCents),
        dollars(l.lineTotalCents),
        dollars(o.subtotalCents),
        dollars(o.shippingCents),
        dollars(o.totalCents),
        o.payment.provider,
        o.payment.reference ?? '',
        o.tracking?.carrier ?? '',
        o.tracking?.number ?? '',
        o.discount?.code ?? '',
        dollars(o.discount?.amountCents ?? 0),
        o.shipping?.label ?? '',
        o.tax?.label ?? '',
        o.tax ? String(o.tax.ratePercent) : '',
        o.tax ? (o.tax.inclusive ? 'yes' : 'no') : '',
        dollars(o.taxCents ?? 0),
      ]),
    )
    .join('');
}

/**
 * An orders export as text, piece by piece while the pages come: CSV (RFC 4180, no cell a
 * spreadsheet would run as a formula) or a JSON array of the orders, one a line.
 */
export async function* orderExportText(
  pages: AsyncIterable<Order[]>,
  format: OrderExportFormat,
  onOrder: () => void = () => {},
): AsyncGenerator<string> {
  let first = true;
  if (format === 'csv') yield csvLine(CSV_COLUMNS);
  for await (const page of pages)
    for (const order of page) {
      onOrder();
      if (format === 'csv') yield orderCsvRows(order);
      else yield `${first ? '[\n' : ',\n'}${JSON.stringify(order)}`;
      first = false;
    }
  if (format === 'json') yield first ? '[]\n' : '\n]\n';
}
