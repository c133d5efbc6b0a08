import useSWR from 'swr';
import { formatCents } from '../../../shared/domain/money.js';
import { adminApi } from '../../../shared/web/admin-api.js';
import { cacheKeys } from '../cache-keys.js';
import { TableHead } from '../ui/table-head.js';

/** Paid and shipped orders per affiliate over the dashboard's days (cancelled orders left out). */
export function AffiliatesPanel({ from, to }: { from: string; to: string }) {
  const { data, error } = useSWR(cacheKeys.affiliates(from, to), () =>
    adminApi.reports.affiliates({ from, to }),
  );
  return (
    <section aria-labelledby="affiliates" className="rounded bg-white p-4 shadow-sm">
      <h2 id="affiliates" className="text-lg font-semibold">
        Affiliates, {from} to {to}
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        Revenue is the goods after the code’s discount (no shipping or tax); commission is each order’s share
        of it.
      </p>
      {error && !data && (
        <p className="text-red-700">Could not load the affiliates: {(error as Error).message}</p>
      )}
      {data && data.affiliates.length === 0 && (
        <p className="text-slate-600">No affiliate sales in this period.</p>
      )}
      {data && data.affiliates.length > 0 && (
        <table className="w-full text-left text-sm" aria-labelledby="affiliates">
          <TableHead
            columns={['Affiliate', 'Codes', 'Orders', 'Revenue', 'Commission']}
            right={['Orders', 'Revenue', 'Commission']}
          />
          <tbody>
            {data.affiliates.map((a) => (
              <tr key={a.affiliate} className="border-t">
                <td className="p-2">{a.affiliate}</td>
                <td className="p-2 font-mono">{a.codes.join(', ')}</td>
                <td className="p-2 text-right">{a.orders}</td>
                <td className="p-2 text-right">{formatCents(a.revenueCents)}</td>
                <td className="p-2 text-right">{formatCents(a.commissionCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
