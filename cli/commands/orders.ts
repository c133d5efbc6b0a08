import { cancelOrder as cancelThrough, wasChanged } from '../../shared/backend/orders/cancel-order.js';
import { cancelOverdueOrders, overdueOrders } from '../../shared/backend/orders/cancel-overdue.js';
import type { Store } from '../../shared/backend/store/port.js';
import { BANK_TRANSFER_DAYS } from '../../shared/domain/constants.js';
import { formatCents } from '../../shared/domain/money.js';
import {
  ORDER_STATUS_LABELS,
  type Order,
  type OrderFilter,
  trackingSchema,
} from '../../shared/domain/order.js';
import type { CliContext } from '../context.js';
import { OperationError, UsageError } from '../errors.js';
import type { Rendered } from '../output.js';

const when = (o: Order) => new Date(o.createdAt.seconds * 1000).toISOString().slice(0, 16).replace('T', ' ');

async function ordersTable(ctx: CliContext, orders: Order[]): Promise<Rendered> {
  if (orders.length === 0) return '';
  return ctx.out.table(
    ['number', 'id', 'placed (UTC)', 'email', 'items', 'total', 'status'],
    orders.map((o) => [
      o.number,
      o.id,
      when(o),
      o.email,
      o.lines.reduce((n, l) => n + l.quantity, 0),
      formatCents(o.totalCents),
      ORDER_STATUS_LABELS[o.status],
    ]),
  );
}

/** Finds an order by id, else by its number (e.g. HP-7K2M9QXD, any case). */
async function findOrder(store: Store, ref: string): Promise<Order> {
  const byId = await store.orders.get(ref);
  if (byId) return byId;
  const number = ref.trim().toUpperCase();
  const found = (await store.orders.list({ filter: 'all', search: number })).find((o) => o.number === number);
  if (!found) throw new OperationError(`No order has the id or number "${ref}"`);
  return found;
}

export async function listOrders(
  ctx: CliContext,
  opts: { status: OrderFilter; search?: string },
): Promise<void> {
  const store = await ctx.store();
  const orders = await store.orders.list({
    filter: opts.status,
    ...(opts.search ? { search: opts.search } : {}),
  });
  await ctx.out.result(orders, (list) => ordersTable(ctx, list));
  if (!ctx.out.json) ctx.out.info(`${orders.length} order${orders.length === 1 ? '' : 's'}`);
}

function orderDetails(o: Order): string {
  const a = o.shippingAddress;
  return [
    `Order ${o.number} (${o.id}) — ${ORDER_STATUS_LABELS[o.status]}`,
    `Placed ${when(o)} UTC by ${o.email}`,
    '',
    ...o.lines.map(
      (l) =>
        `  ${l.quantity} × ${l.name} @ ${formatCents(l.unitPriceCents)} = ${formatCents(l.lineTotalCents)}`,
    ),
    `  Subtotal ${formatCents(o.subtotalCents)}, shipping ${formatCents(o.shippingCents)}, total ${formatCents(o.totalCents)}`,
    '',
    `Ship to: ${a.fullName}, ${a.line1}${a.line2 ? `, ${a.line2}` : ''}, ${a.city}, ${a.state} ${a.postalCode}, ${a.country}`,
    `Payment: ${o.payment.provider}${o.payment.reference ? ` (${o.payment.reference})` : ''}`,
    ...(o.tracking ? [`Tracking: ${[o.tracking.carrier, o.tracking.number].filter(Boolean).join(' ')}`] : []),
    'History:',
    ...o.statusHistory.map(
      (h) => `  ${new Date(h.at.seconds * 1000).toISOString()}  ${ORDER_STATUS_LABELS[h.status]} — ${h.note}`,
    ),
  ].join('\n');
}

export async function showOrder(ctx: CliContext, ref: string): Promise<void> {
  const order = await findOrder(await ctx.store(), ref);
  await ctx.out.result(order, orderDetails);
}

async function change(ctx: CliContext, ref: string, apply: (store: Store, order: Order) => Promise<Order>) {
  const store = await ctx.mailingStore();
  const before = await findOrder(store, ref);
  const order = await apply(store, before);
  const status = ORDER_STATUS_LABELS[order.status].toLowerCase();
  // The store leaves a repeated, identical request alone (marking a paid order paid again)
  ctx.out.success(
    wasChanged(before, order)
      ? `Order ${order.number} is now ${status}.`
      : `Order ${order.number} is already ${status}; nothing changed.`,
  );
  await ctx.out.result(order, (o) => ordersTable(ctx, [o]));
}

export function markPaid(ctx: CliContext, ref: string, opts: { reference?: string }): Promise<void> {
  return change(ctx, ref, (store, order) =>
    store.orders.markPaid(order.id, {
      reference: opts.reference?.trim() || null,
      note: 'Marked paid from the shop CLI',
    }),
  );
}

export function shipOrder(
  ctx: CliContext,
  ref: string,
  opts: { tracking?: string; carrier?: string },
): Promise<void> {
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

/** As the admin area does, through the same service: an unpaid card order's payment is stopped first. */
export function cancelOrder(ctx: CliContext, ref: string, opts: { note?: string }): Promise<void> {
  return change(ctx, ref, async (store, order) =>
    cancelThrough({ orders: store.orders, payments: await ctx.payments(store) }, order, {
      type: 'cancel',
      by: 'staff',
      ...(opts.note ? { note: opts.note } : {}),
    }),
  );
}

/** What the shop's hourly sweep does, on demand: cancels bank-transfer orders past their deadline. */
export async function cancelOverdue(ctx: CliContext, opts: { dryRun?: boolean }): Promise<void> {
  const store = await ctx.mailingStore();
  const now = Date.now();
  const orders = opts.dryRun
    ? await overdueOrders(store.orders, now)
    : await cancelOverdueOrders({ orders: store.orders, payments: await ctx.payments(store) }, now);
  await ctx.out.result(orders, (list) => ordersTable(ctx, list));
  if (ctx.out.json) return;
  const counted = `${orders.length} unpaid order${orders.length === 1 ? '' : 's'}`;
  if (orders.length === 0)
    ctx.out.info(`No bank-transfer order is past its ${BANK_TRANSFER_DAYS}-day payment deadline.`);
  else if (opts.dryRun) ctx.out.info(`Would cancel ${counted} (--dry-run: nothing changed).`);
  else ctx.out.success(`Cancelled ${counted}; their stock is back on sale.`);
}
