import useSWR from 'swr';
import type { ShippingConfigInput } from '../../../shared/domain/shipping-rates.js';
import type { TaxConfigInput } from '../../../shared/domain/tax-rates.js';
import { adminApi } from '../../../shared/web/admin-api.js';
import { Spinner } from '../../../shared/web/spinner.js';
import { cacheKeys } from '../cache-keys.js';
import { JsonSettingsEditor } from './json-settings-editor.js';
import { ShippingZonesTable } from './shipping-zones-table.js';
import { TaxRatesTable } from './tax-rates-table.js';

/** /admin/settings/rates: where the shop ships at what price, and the tax it charges, each shown and edited. */
export function RatesPage() {
  const { data: rates, error, mutate } = useSWR(cacheKeys.rates, () => adminApi.settings.rates());
  if (error && !rates)
    return (
      <p role="alert" className="text-red-700">
        Could not load the rates: {(error as Error).message}
      </p>
    );
  if (!rates) return <Spinner />;
  const kept = async (answer: Promise<Awaited<ReturnType<typeof adminApi.settings.rates>>>) => {
    await mutate(await answer, { revalidate: false });
  };
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Shipping and tax</h1>
        <p className="mt-1 text-sm text-slate-600">
          Checkout uses the first zone naming the address’s country (and region), else the rest-of-the-world
          zone; the shopper chooses among its rates that apply. Money is in dollars, weights in grams.
        </p>
      </div>
      <section aria-labelledby="zones-title" className="flex flex-col gap-4 rounded bg-white p-6 shadow-sm">
        <h2 id="zones-title" className="text-lg font-semibold">
          Shipping zones
        </h2>
        <ShippingZonesTable config={rates.shipping} />
        <JsonSettingsEditor
          id="shipping-json"
          label="Shipping zones"
          value={rates.shipping}
          save={(json) => kept(adminApi.settings.setShipping(json as ShippingConfigInput))}
        />
      </section>
      <section aria-labelledby="tax-title" className="flex flex-col gap-4 rounded bg-white p-6 shadow-sm">
        <h2 id="tax-title" className="text-lg font-semibold">
          Tax rates
        </h2>
        <TaxRatesTable config={rates.tax} />
        <JsonSettingsEditor
          id="tax-json"
          label="Tax rates"
          value={rates.tax}
          save={(json) => kept(adminApi.settings.setTax(json as TaxConfigInput))}
        />
      </section>
    </div>
  );
}
