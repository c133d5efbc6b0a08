import { type OrderListQuery, orderQueryToParams } from '../../shared/domain/order-listing.js';

/** Every SWR key of the admin app, and every invalidation, named here only. */
export const cacheKeys = {
  admins: 'admin/admins',
  /** The dashboard's figures; changing the low-stock threshold invalidates them. */
  salesSummary: 'admin/reports/summary',
  /** One page of orders; a change to an order invalidates every page (isOrderPage). */
  orders: (query: OrderListQuery) => ['admin/orders', orderQueryToParams(query).toString()] as const,
  order: (orderId: string) => ['admin/order', orderId] as const,
  /** The navigation's new-order badge; viewing the orders list sets it to what the server answers. */
  unseenOrders: 'admin/orders-unseen',
  /** One page of the products list (its URL parameters); saving a product invalidates every page (isProductPage). */
  products: (params: string) => ['admin/products', params] as const,
  product: (productId: string) => ['admin/product', productId] as const,
  /** A product's lots; adding or deleting one in its editor invalidates this. */
  lots: (productId: string) => ['admin/lots', productId] as const,
  /** A page of the audit log (its query); a record's history adds the record's revision. */
  audit: (params: string, revision: string | number = '') => ['admin/audit', params, revision] as const,
  /** Every discount code with its uses; creating one or switching one on or off invalidates it. */
  discounts: 'admin/discounts',
  /** Shipping zones and tax rates; saving either answers both, which replace this. */
  rates: 'admin/settings/rates',
  /** The affiliates' sales over the dashboard's days. */
  affiliates: (from: string, to: string) => ['admin/reports/affiliates', from, to] as const,
  /** Names the editor suggests for a product's category and brand. */
  categories: 'categories',
  brands: 'brands',
};

/** Whether an SWR key is one of the orders pages. */
export const isOrderPage = (key: unknown): boolean => Array.isArray(key) && key[0] === 'admin/orders';

/** Whether an SWR key is one of the products list's pages. */
export const isProductPage = (key: unknown): boolean => Array.isArray(key) && key[0] === 'admin/products';
