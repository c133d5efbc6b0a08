import { cancelOrder as cancelThrough, wasChanged } from '../../../shared/backend/orders/cancel-order.js';
import { cancelOverdueOrders, overdueOrders } from '../../../shared/backend/orders/cancel-overdue.js';
import { findOrderByNumber } from '../../../shared/backend/orders/find-order.js';
import type { Store } from '../../../shared/backend/store/port.js';
import { localityLine } from '../../../shared/domain/address-rules.js';
import { complianceSummary } from '../../../shared/domain/compliance-summary.js';
import { formatCents } from '../../../shared/domain/money.js';
import {
  ORDER_STATUS_LABELS,
  type Order,
  type OrderFilter,
  trackingSchema,
} from '../../../shared/domain/order.js';
import { formatTotalLine, orderTotalLines } from '../../../shared/domain/order-totals.js';
import { displayPhone } from '../../../shared/domain/phone-number.js';
import { lineTitle } from '../../../shared/domain/variant.js';
import { command, counted } from '../../command.js';
import type { CliContext } from '../../context.js';
import { OperationError, UsageError } from '../../errors.js';
import type { Output, Rendered } from '../../output.js';

const when = (o: Order) => new Date(o.createdAt.seconds * 1000).toISOString().slice(0, 16).replace('T', ' ');

async function ordersTable(out: Output, orders: Order[]): Promise<Rendered> {
  if (orders.length === 0) return '';
  return out.table(
    ['number', 'id', 'placed (UTC)', 'email', 'items', 'total', 'status'],
    orders.map((o) => [
      o.number,
      o.id,
      when(o),
      o.email,
      o.lines.map((l) => `${l.quantity} × ${lineTitle(l.name, l.options)}`).join('\n'),
      formatCents(o.totalCents),
      ORDER_STATUS_LABELS[o.status],
    ]),
  );
}

/** Finds an order by id, else by its number (e.g. HP-7K2M9QXD, any case). */
async function findOrder(store: Store, ref: string): Promise<Order> {
  const found = (await store.orders.get(ref)) ?? (await findOrderByNumber(store.orders, ref));
  if (!found) throw new OperationError(`No order has the id or number "${ref}"`);
  return found;
}

export const listOrders = command({
  async run(ctx: CliContext, opts: { status: OrderFilter; search?: string }): Promise<Order[]> {
    const store = await ctx.store();
    return store.orders.list({ filter: opts.status, ...(opts.search ? { search: opts.search } : {}) });
  },
  async print(out, orders) {
    await out.result(orders, (list) => ordersTable(out, list));
    if (!out.json) out.info(counted(orders.length, 'order'));
  },
});

function orderDetails(o: Order): string {
  const a = o.shippingAddress;
  return [
    `Order ${o.number} (${o.id}) — ${ORDER_STATUS_LABELS[o.status]}`,
    `Placed ${when(o)} UTC by ${o.email}`,
    '',
    ...o.lines.map(
      (l) =>
        `  ${l.quantity} × ${lineTitle(l.name, l.options)}${l.sku ? ` (SKU ${l.sku})` : ''} @ ${formatCents(l.unitPriceCents)}${l.tierPercentOff ? ` (quantity tier ${l.tierPercentOff}% off)` : ''} = ${formatCents(l.lineTotalCents)}`,
    ),
    ...orderTotalLines(o, 'staff').map((row) => `  ${row.label}: ${formatTotalLine(row)}`),
    '',
    `Ship to: ${a.fullName}, ${a.line1}${a.line2 ? `, ${a.line2}` : ''}, ${localityLine(a)}, ${a.country}, ${displayPhone(a.phone, a.country)}`,
    `Payment: ${o.payment.provider}${o.payment.reference ? ` (${o.payment.reference})` : ''}`,
    ...(o.tracking ? [`Tracking: ${[o.tracking.carrier, o.tracking.number].filter(Boolean).join(' ')}`] : []),
    `Compliance: ${complianceSummary(o.compliance)}`,
    'History:',
    ...o.statusHistory.map(
      (h) =>
        `  ${new Date(h.at.seconds * 1000).toISOString()}  ${ORDER_STATUS_LABELS[h.status]} — ${h.note}${h.staffNote ? ` (staff: ${h.staffNote})` : ''}`,
    ),
  ].join('\n');
}

export const showOrder = command({
  run: async (ctx: CliContext, ref: string): Promise<Order> => findOrder(await ctx.store(), ref),
  print: (out, order) => out.result(order, orderDetails),
});

/** An order after a status change, and whether the change did anything (--json prints the order). */
export interface OrderChange {
  order: Order;
  changed: boolean;
}

async function change(
  ctx: CliContext,
  ref: string,
  apply: (store: Store, order: Order) => Promise<Order>,
): Promise<OrderChange> {
  const store = await ctx.mailingStore();
  const before = await findOrder(store, ref);
  const order = await apply(store, before);
  // The store leaves a repeated, identical request alone (marking a paid order paid again)
  return { order, changed: wasChanged(before, order) };
}

async function printChange(out: Output, { order, changed }: OrderChange): Promise<void> {
  const status = ORDER_STATUS_LABELS[order.status].toLowerCase();
  out.success(
    changed
      ? `Order ${order.number} is now ${status}.`
      : `Order ${order.number} is already ${status}; nothing changed.`,
  );
  await out.result(order, (o) => ordersTable(out, [o]));
}

export const markPaid = command({
  run: (ctx: CliContext, ref: string, opts: { reference?: string }) =>
    change(ctx, ref, (store, order) =>
      store.orders.markPaid(order.id, {
        reference: opts.reference?.trim() || null,
        staffNote: 'Marked paid from the shop CLI',
      }),
    ),
  print: printChange,
});

function ship(
  ctx: CliContext,
  ref: string | undefined,
  opts: { tracking?: string; carrier?: string; skipInvalid?: boolean },
): Promise<OrderChange> {
  if (!ref) throw new UsageError('Give the order id or number, or --from-file to ship many from a CSV');
  if (opts.skipInvalid) throw new UsageError('--skip-invalid goes with --from-file');
  if (!opts.tracking)
    throw new UsageError('--tracking is required: a shipped order carries its tracking number');
  const tracking = trackingSchema.safeParse({ number: opts.tracking, carrier: opts.carrier ?? '' });
  if (!tracking.success)
    throw new UsageError(
      tracking.error.issues
        .map((i) => `${i.path[0] === 'carrier' ? '--carrier' : '--tracking'}: ${i.message}`)
        .join('; '),
    );
  return change(ctx, ref, (store, order) => store.orders.markShipped(order.id, tracking.data));
}

export const shipOrder = command({ run: ship, print: printChange });

/** As the admin area does, through the same service: an unpaid card order's payment is stopped first. */
export const cancelOrder = command({
  run: (ctx: CliContext, ref: string, opts: { note?: string }) =>
    change(ctx, ref, async (store, order) =>
      cancelThrough({ orders: store.orders, payments: await ctx.payments(store) }, order, {
        type: 'cancel',
        by: 'staff',
        ...(opts.note ? { note: opts.note } : {}),
      }),
    ),
  print: printChange,
});

/** What the shop's hourly sweep does, on demand: cancels bank-transfer orders past their deadline. */
export const cancelOverdue = command({
  async run(ctx: CliContext, opts: { dryRun?: boolean }): Promise<Order[]> {
    const store = await ctx.mailingStore();
    const now = Date.now();
    return opts.dryRun
      ? overdueOrders(store.orders, now)
      : cancelOverdueOrders({ orders: store.orders, payments: await ctx.payments(store) }, now);
  },
  async print(out, orders, opts: { dryRun?: boolean }) {
    await out.result(orders, (list) => ordersTable(out, list));
    if (out.json) return;
    const unpaid = counted(orders.length, 'unpaid order');
    if (orders.length === 0) out.info('No bank-transfer order is past its payment deadline.');
    else if (opts.dryRun) out.info(`Would cancel ${unpaid} (--dry-run: nothing changed).`);
    else out.success(`Cancelled ${unpaid}; their stock is back on sale.`);
  },
});
