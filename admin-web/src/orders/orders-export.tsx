import { useState } from 'react';
import toast from 'react-hot-toast';
import { ORDER_EXPORT_FORMATS, type OrderExportFormat } from '../../../shared/domain/order-export-format.js';
import type { OrderListQuery } from '../../../shared/domain/order-listing.js';
import { adminApi } from '../../../shared/web/admin-api.js';

/** Hands a downloaded file to the browser to save. */
function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads the orders placed on the list's days (its "Placed from/to"), as CSV or JSON. */
export function OrdersExport({ query }: { query: Pick<OrderListQuery, 'from' | 'to'> }) {
  const [busy, setBusy] = useState(false);
  const { from, to } = query;
  const download = async (format: OrderExportFormat) => {
    setBusy(true);
    try {
      const blob = await adminApi.orders.export({ from, to, format });
      save(blob, `orders${from ? `-from-${from}` : ''}${to ? `-to-${to}` : ''}.${format}`);
    } catch (error) {
      toast.error(`Cannot export the orders: ${(error as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  const days =
    from || to ? `placed ${from ? `from ${from}` : ''} ${to ? `to ${to}` : ''}`.trim() : 'all orders';
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span>Export {days}:</span>
      {ORDER_EXPORT_FORMATS.map((format) => (
        <button
          key={format}
          type="button"
          disabled={busy}
          onClick={() => void download(format)}
          className="rounded border border-teal-700 px-2 py-1 text-teal-800 disabled:opacity-60"
        >
          Download {format.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
