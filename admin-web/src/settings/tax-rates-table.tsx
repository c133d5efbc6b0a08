import type { TaxConfig } from '../../../shared/domain/tax-rates.js';
import { TableHead } from '../ui/table-head.js';
import { countryText } from './rate-text.js';

/** Tax by destination; a region's own rate wins over its country's. */
export function TaxRatesTable({ config }: { config: TaxConfig }) {
  if (config.rates.length === 0) return <p className="text-slate-600">No tax rates: no order pays tax.</p>;
  return (
    <table className="w-full text-left text-sm" aria-label="Tax rates">
      <TableHead columns={['Country', 'Region', 'Label', 'Rate', 'Prices']} right={['Rate']} />
      <tbody>
        {config.rates.map((rate) => (
          <tr key={`${rate.country}/${rate.region}`} className="border-t">
            <td className="p-2">{countryText(rate.country)}</td>
            <td className="p-2">{rate.region || 'Whole country'}</td>
            <td className="p-2">{rate.label}</td>
            <td className="p-2 text-right">{rate.ratePercent}%</td>
            <td className="p-2">{rate.inclusive ? 'Tax included' : 'Tax added at checkout'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
