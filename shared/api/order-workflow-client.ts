import type { OrderExportFormat } from '../domain/order-export-format.js';
import { type createRpc, ok } from './client.js';
import type { ShipManyInput } from './order-workflow-schemas.js';

type AdminOrdersRpc = ReturnType<typeof createRpc>['admin']['orders'];

/** The admin app's calls for work on many orders: the new-order badge, the export, shipping from a CSV. */
export const orderWorkflowCalls = (orders: AdminOrdersRpc) => ({
  /** Orders placed since this admin last viewed the list (the browser revalidates it by ETag). */
  unseen: () => ok(orders.unseen.$get()),
  /** This admin has viewed the list now: their count starts again from 0. */
  markSeen: () => ok(orders.seen.$post()),
  /** The export as a file to save: the orders placed on those days ('' = open), CSV or JSON. */
  export: async (query: { from: string; to: string; format: OrderExportFormat }): Promise<Blob> => {
    const response = await orders.export.$get({ query });
    if (!response.ok) await ok(Promise.resolve(response));
    return response.blob();
  },
  /** Ships the CSV's orders; with a rejected row, nothing unless skipInvalid (ApiError 400, details.report). */
  shipMany: (input: ShipManyInput) => ok(orders['ship-many'].$post({ json: input })),
});
