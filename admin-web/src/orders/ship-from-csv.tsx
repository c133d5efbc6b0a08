import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useSWRConfig } from 'swr';
import { ApiError } from '../../../shared/api/errors.js';
import type { ShipmentReport } from '../../../shared/domain/shipment-report.js';
import { adminApi } from '../../../shared/web/admin-api.js';
import { isOrderPage } from '../cache-keys.js';
import { TableHead } from '../ui/table-head.js';

function ReportTable({ report }: { report: ShipmentReport }) {
  return (
    <table aria-label="Shipment report" className="mt-2 w-full bg-white text-left text-sm">
      <TableHead columns={['Row', 'Order', 'Outcome', 'Problem']} />
      <tbody>
        {report.rows.map((r) => (
          <tr key={r.row} className={`border-t ${r.outcome === 'shipped' ? '' : 'text-red-800'}`}>
            <td className="p-2">{r.row}</td>
            <td className="p-2 font-mono">{r.order}</td>
            <td className="p-2">{r.outcome}</td>
            <td className="p-2">{r.error ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Ships many paid orders from a CSV (columns order, tracking and optionally carrier): all of them, or
 * none when a row is rejected unless "ship the valid rows" is ticked; the report shows every row.
 */
export function ShipFromCsv() {
  const { mutate } = useSWRConfig();
  const [file, setFile] = useState<File | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ message: string; report: ShipmentReport | null } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    try {
      const report = await adminApi.orders.shipMany({ csv: await file.text(), skipInvalid });
      const rejected = report.rejected ? `; ${report.rejected} rejected` : '';
      setResult({ message: `Shipped ${report.shipped} of ${report.rows.length} orders${rejected}.`, report });
      void mutate(isOrderPage);
    } catch (error) {
      const report =
        error instanceof ApiError ? (error.details.report as ShipmentReport | undefined) : undefined;
      setResult({ message: (error as Error).message, report: report ?? null });
      if (!report) toast.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="text-sm" aria-label="Ship orders from a CSV">
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col">
          Shipments CSV (order, tracking, carrier)
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="mt-1"
          />
        </label>
        <label className="flex items-center gap-1">
          <input type="checkbox" checked={skipInvalid} onChange={(e) => setSkipInvalid(e.target.checked)} />
          Ship the valid rows even if others are rejected
        </label>
        <button
          type="submit"
          disabled={busy || !file}
          className="rounded bg-teal-700 px-3 py-1.5 text-white disabled:opacity-60"
        >
          Ship orders
        </button>
      </div>
      {result && (
        <div role="status" className="mt-2">
          <p>{result.message}</p>
          {result.report && <ReportTable report={result.report} />}
        </div>
      )}
    </form>
  );
}
