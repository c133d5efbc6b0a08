import type { OrderListQuery } from '../../../shared/domain/order-listing.js';
import { OrdersExport } from './orders-export.js';
import { ShipFromCsv } from './ship-from-csv.js';

/** Work on many orders at once, below the list's filters: export the days shown, ship from a CSV. */
export function OrderBulkTools({ query }: { query: OrderListQuery }) {
  return (
    <details className="mb-4 rounded bg-white p-3 shadow-sm">
      <summary className="cursor-pointer font-medium">Export and ship in bulk</summary>
      <div className="mt-3 flex flex-col gap-4">
        <OrdersExport query={query} />
        <ShipFromCsv />
      </div>
    </details>
  );
}
