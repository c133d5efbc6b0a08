import { formatPrice } from '../../../shared/domain/money.js';
import type { ShippingConfig } from '../../../shared/domain/shipping-rates.js';
import { TableHead } from '../ui/table-head.js';
import { BASIS_TEXT, boundText, countryText } from './rate-text.js';

/** The zones as the checkout reads them, first match first: where each goes and what its rates cost. */
export function ShippingZonesTable({ config }: { config: ShippingConfig }) {
  if (config.zones.length === 0)
    return <p className="text-red-700">No shipping zones: no country can be chosen at checkout.</p>;
  return (
    <div className="flex flex-col gap-4">
      {config.zones.map((zone) => (
        <section
          key={zone.id}
          aria-label={`Zone ${zone.name}`}
          className="rounded border border-slate-200 p-3 text-sm"
        >
          <h3 className="font-semibold">
            {zone.name} <span className="font-mono font-normal text-slate-500">({zone.id})</span>
          </h3>
          <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3">
            <dt className="text-slate-600">Countries</dt>
            <dd>{zone.countries.map(countryText).join(', ')}</dd>
            <dt className="text-slate-600">Regions</dt>
            <dd>{zone.regions.length ? zone.regions.join(', ') : 'All'}</dd>
            <dt className="text-slate-600">Free shipping from</dt>
            <dd>{zone.freeShippingOver === null ? 'Never free' : formatPrice(zone.freeShippingOver)}</dd>
            <dt className="text-slate-600">Cold-pack surcharge</dt>
            <dd>{formatPrice(zone.coldPackSurcharge)}</dd>
          </dl>
          <table className="mt-2 w-full text-left" aria-label={`Rates of ${zone.name}`}>
            <TableHead columns={['Rate', 'Id', 'Basis', 'From', 'Up to', 'Amount']} right={['Amount']} />
            <tbody>
              {zone.rates.map((rate) => (
                <tr key={rate.id} className="border-t">
                  <td className="p-2">{rate.label}</td>
                  <td className="p-2 font-mono">{rate.id}</td>
                  <td className="p-2">{BASIS_TEXT[rate.basis]}</td>
                  <td className="p-2">{boundText(rate, rate.min)}</td>
                  <td className="p-2">{boundText(rate, rate.max)}</td>
                  <td className="p-2 text-right">{formatPrice(rate.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
