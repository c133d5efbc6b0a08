import type { ShippingAddress } from './address.js';
import type { Order, OrderStatus } from './order.js';
import { ORDER_SORTS, type OrderSort } from './order-listing.js';
import { roleMay, type StaffRole } from './staff-role.js';
import type { Timestamp } from './timestamp.js';

/** One line as the packer needs it: what to pick, never what it cost. */
export interface ShippingOrderLine {
  productId: string;
  variantId: string;
  sku: string;
  name: string;
  options: Record<string, string>;
  quantity: number;
  /** Whether the size shipped cold when ordered (false for orders placed before it was kept). */
  coldPack: boolean;
}

/**
 * An order as fulfilment staff read it (list, order, export, packing slip): what shipping needs and
 * nothing about money, the shopper's account, payment, discount, affiliate, compliance or staff notes.
 * The one declaration of that view; `view` tells it from a whole order.
 */
export interface ShippingOrder {
  view: 'shipping';
  id: string;
  number: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  status: OrderStatus;
  /** As the shopper reads it: staff notes left out. */
  statusHistory: { status: OrderStatus; at: Timestamp; note: string }[];
  lines: ShippingOrderLine[];
  shippingAddress: ShippingAddress;
  tracking: { carrier: string; number: string } | null;
  /** The rate chosen, without its price; null for orders placed before rates were kept. */
  shippingMethod: string | null;
  /** Whether any line needs a cold pack. */
  coldPack: boolean;
}

/** Whether an order's parcel needs a cold pack: a line's size was marked so when it was ordered. */
const needsColdPack = (order: Pick<Order, 'lines'>): boolean => order.lines.some((l) => l.coldPack);

/** The shipping view of an order, field by field, so nothing else can slip into it. */
export function shippingView(order: Order): ShippingOrder {
  const a = order.shippingAddress;
  return {
    view: 'shipping',
    id: order.id,
    number: order.number,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    status: order.status,
    statusHistory: order.statusHistory.map(({ status, at, note }) => ({ status, at, note })),
    lines: order.lines.map((l) => ({
      productId: l.productId,
      variantId: l.variantId,
      sku: l.sku,
      name: l.name,
      options: l.options,
      quantity: l.quantity,
      coldPack: l.coldPack === true,
    })),
    shippingAddress: {
      fullName: a.fullName,
      line1: a.line1,
      line2: a.line2,
      city: a.city,
      state: a.state,
      postalCode: a.postalCode,
      country: a.country,
      phone: a.phone,
    },
    tracking: order.tracking && { carrier: order.tracking.carrier, number: order.tracking.number },
    shippingMethod: order.shipping?.label ?? null,
    coldPack: needsColdPack(order),
  };
}

/** Whether staff of this role read orders whole; the others read their shipping view. */
export const readsWholeOrders = (role: StaffRole | null): boolean => roleMay(role, 'orders:read-all');

/** An order as the server gives it to staff: whole, or its shipping view. */
export type StaffOrder = Order | ShippingOrder;

/** An order as staff of this role may read it. */
export function orderForStaff(order: Order, role: StaffRole | null): StaffOrder {
  return readsWholeOrders(role) ? order : shippingView(order);
}

const isShippingView = (order: StaffOrder): order is ShippingOrder => 'view' in order;

/** The order whole when the server gave it so (full admins), else null. */
export const wholeOrder = (order: StaffOrder): Order | null => (isShippingView(order) ? null : order);

/** The shipping view of an order as the server gave it. */
export const shippingViewOf = (order: StaffOrder): ShippingOrder =>
  isShippingView(order) ? order : shippingView(order);

/** The list's sorts staff of this role may use: sorting by total would rank orders by their money. */
export const orderSortsFor = (role: StaffRole | null): readonly OrderSort[] =>
  readsWholeOrders(role) ? ORDER_SORTS : ORDER_SORTS.filter((sort) => !sort.startsWith('total-'));
