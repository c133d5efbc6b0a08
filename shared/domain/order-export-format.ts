/** The forms an orders export takes: CSV, one row per order line, or JSON, the orders as stored. */
export const ORDER_EXPORT_FORMATS = ['csv', 'json'] as const;
export type OrderExportFormat = (typeof ORDER_EXPORT_FORMATS)[number];
