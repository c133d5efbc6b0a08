import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { orderExportText } from '../../shared/backend/orders/order-export.js';
import type { Order } from '../../shared/domain/order.js';
import {
  orderForStaff,
  orderSortsFor,
  shippingView,
  shippingViewOf,
  wholeOrder,
} from '../../shared/domain/order-shipping-view.js';
import { SHIPPING_COLUMNS, WHOLE_ORDER_COLUMNS } from '../support/order-views.js';

const at = { seconds: 1_790_000_000, nanoseconds: 0 };
const address = {
  fullName: 'Ada Lovelace',
  line1: '12 St James Square',
  line2: 'Suite 4',
  city: 'Boston',
  state: 'MA',
  postalCode: '02116',
  country: 'US',
  phone: '+16175550100',
};
const order: Order = {
  id: 'order-1',
  number: 'HP-7K2M9QXD',
  uid: 'uid-secret',
  email: 'ada@example.com',
  lines: [
    {
      productId: 'p1',
      variantId: 'v1',
      sku: 'SEMA-5',
      options: { Size: '5 mg' },
      name: 'Semaglutide',
      imgUrl: '/img/sema.png',
      unitPriceCents: 3510,
      quantity: 2,
      lineTotalCents: 7020,
      tierPercentOff: 10,
      coldPack: true,
    },
    {
      productId: 'p2',
      variantId: 'p2',
      sku: '',
      options: {},
      name: 'BPC-157',
      imgUrl: '',
      unitPriceCents: 3900,
      quantity: 1,
      lineTotalCents: 3900,
    },
  ],
  subtotalCents: 10920,
  discount: { code: 'AFF10', amountCents: 1092, affiliate: 'Dr Lab', commissionPercent: 12 },
  shippingCents: 1500,
  shipping: { id: 'us-express', label: 'Express (cold-packed)', amountCents: 1500 },
  taxCents: 0,
  tax: null,
  totalCents: 11328,
  shippingAddress: address,
  status: 'paid',
  statusHistory: [
    { status: 'pending_payment', at, note: 'Order placed' },
    { status: 'paid', at, note: 'Payment received', staffNote: 'Marked paid by owner@example.com' },
  ],
  tracking: null,
  payment: { provider: 'manual', reference: 'BANK-REF-9' },
  idempotencyKey: 'idem-key-secret-0001',
  compliance: { adult: true, researchUse: true, minimumAge: 21, termsVersion: '2026-11-01', at },
  createdAt: at,
  updatedAt: at,
};

const SHIPPING_VIEW = {
  view: 'shipping',
  id: 'order-1',
  number: 'HP-7K2M9QXD',
  createdAt: at,
  updatedAt: at,
  status: 'paid',
  statusHistory: [
    { status: 'pending_payment', at, note: 'Order placed' },
    { status: 'paid', at, note: 'Payment received' },
  ],
  lines: [
    {
      productId: 'p1',
      variantId: 'v1',
      sku: 'SEMA-5',
      name: 'Semaglutide',
      options: { Size: '5 mg' },
      quantity: 2,
      coldPack: true,
    },
    { productId: 'p2', variantId: 'p2', sku: '', name: 'BPC-157', options: {}, quantity: 1, coldPack: false },
  ],
  shippingAddress: address,
  tracking: null,
  shippingMethod: 'Express (cold-packed)',
  coldPack: true,
};

const exported = async (view: 'whole' | 'shipping', format: 'csv' | 'json') => {
  let text = '';
  async function* pages() {
    yield [order];
  }
  for await (const piece of orderExportText(pages(), format, view)) text += piece;
  return text;
};

describe('the shipping view of an order', () => {
  it('holds what shipping needs, field by field, and nothing about money, the shopper, payment, discount, compliance or staff notes', () => {
    expect(shippingView(order)).toEqual(SHIPPING_VIEW);
    const text = JSON.stringify(shippingView(order));
    for (const secret of [
      'uid-secret',
      'ada@example.com',
      'AFF10',
      'Dr Lab',
      'BANK-REF-9',
      'idem-key',
      'Marked paid',
    ])
      expect(text).not.toContain(secret);
  });

  it('needs no cold pack when no line was ordered cold, nor for orders from before it was kept', () => {
    const warm = { ...order, lines: order.lines.map(({ coldPack: _, ...line }) => line) };
    expect(shippingView(warm).coldPack).toBe(false);
    expect(shippingView({ ...order, shipping: null }).shippingMethod).toBeNull();
  });

  it('is what fulfilment staff read; full admins read the order whole', () => {
    expect(orderForStaff(order, 'fulfilment')).toEqual(SHIPPING_VIEW);
    expect(orderForStaff(order, 'admin')).toBe(order);
    expect(wholeOrder(orderForStaff(order, 'admin'))).toBe(order);
    expect(wholeOrder(orderForStaff(order, 'fulfilment'))).toBeNull();
    expect(shippingViewOf(order)).toEqual(SHIPPING_VIEW);
    expect(shippingViewOf(shippingView(order))).toEqual(SHIPPING_VIEW);
  });

  it('lets fulfilment staff sort the list by date only, since sorting by total ranks orders by money', () => {
    expect(orderSortsFor('fulfilment')).toEqual(['newest', 'oldest']);
    expect(orderSortsFor('admin')).toEqual(['newest', 'oldest', 'total-desc', 'total-asc']);
  });
});

describe('the orders export of the shipping view', () => {
  it('keeps the whole export’s columns in their places and adds cold_pack after them', async () => {
    const [header, first] = parse(await exported('whole', 'csv')) as string[][];
    expect(header!.slice(0, 4)).toEqual(['order_number', 'order_id', 'placed_at', 'status']);
    expect(header!.at(-1)).toBe('cold_pack');
    expect(WHOLE_ORDER_COLUMNS.filter((c) => !header!.includes(c))).toEqual([]);
    expect(first![header!.indexOf('email')]).toBe('ada@example.com');
    expect(first![header!.indexOf('cold_pack')]).toBe('yes');
  });

  it('leaves out every money, shopper and payment column, the others in the same order', async () => {
    const [wholeHeader] = parse(await exported('whole', 'csv')) as string[][];
    const [header, first, second] = parse(await exported('shipping', 'csv')) as string[][];
    expect(header).toEqual(wholeHeader!.filter((c) => !WHOLE_ORDER_COLUMNS.includes(c)));
    expect(SHIPPING_COLUMNS.filter((c) => !header!.includes(c))).toEqual([]);
    const cell = (row: string[] | undefined, column: string) => row![header!.indexOf(column)];
    expect([cell(first, 'sku'), cell(first, 'quantity'), cell(first, 'options')]).toEqual([
      'SEMA-5',
      '2',
      'Size: 5 mg',
    ]);
    expect([cell(second, 'product'), cell(second, 'cold_pack')]).toEqual(['BPC-157', 'yes']);
    expect(cell(first, 'shipping_option')).toBe('Express (cold-packed)');
  });

  it('writes the shipping view of each order as JSON', async () => {
    expect(JSON.parse(await exported('shipping', 'json'))).toEqual([SHIPPING_VIEW]);
    expect(JSON.parse(await exported('whole', 'json'))).toEqual([order]);
  });
});
