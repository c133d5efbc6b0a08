import type { OrderFilter } from '../../shared/domain/order.js';

/** Every SWR key of the admin app, and every invalidation, named here only. */
export const cacheKeys = {
  admins: 'admin/admins',
  orders: (filter: OrderFilter, search: string) => ['admin/orders', filter, search] as const,
  /** Every product; saving one in the editor invalidates this list. */
  products: 'admin/products',
  product: (productId: string) => ['admin/product', productId] as const,
  /** A product's lots; adding or deleting one in its editor invalidates this. */
  lots: (productId: string) => ['admin/lots', productId] as const,
  /** Names the editor suggests for a product's category and brand. */
  categories: 'categories',
  brands: 'brands',
};
