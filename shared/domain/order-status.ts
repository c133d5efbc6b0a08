// Apart from order.ts (and its zod schemas) so `shop --help` can list the choices without loading zod.

export const ORDER_STATUSES = ['pending_payment', 'paid', 'shipped', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Filters the admin can apply: a status, or every order not yet shipped nor cancelled. */
export const ORDER_FILTERS = ['all', 'unshipped', ...ORDER_STATUSES] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];
