import { type FormEvent, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { ApiError } from '../../../shared/api/errors.js';
import type { StockHealth } from '../../../shared/domain/sales-report.js';
import { lineTitle } from '../../../shared/domain/variant.js';
import { adminApi } from '../../../shared/web/admin-api.js';
import { cacheKeys } from '../cache-keys.js';
import { Field, inputClass } from '../ui/field.js';
import { TableHead } from '../ui/table-head.js';

const productLink = (id: string) => `/manage-products/${encodeURIComponent(id)}`;
const more = (total: number, shown: number) =>
  total > shown && <p className="mt-2 text-sm text-slate-600">and {total - shown} more</p>;

/** The threshold staff set, kept by the server for everyone; saving reads the figures again. */
function ThresholdForm({ threshold }: { threshold: number }) {
  const { mutate } = useSWRConfig();
  const [value, setValue] = useState(String(threshold));
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  useEffect(() => setValue(String(threshold)), [threshold]);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setSaving(true);
    try {
      const { settings } = await adminApi.settings.update({ lowStockThreshold: Number(value) });
      await mutate(cacheKeys.salesSummary);
      toast.success(`Low stock now means ${settings.lowStockThreshold} units or fewer`);
    } catch (err) {
      setError(
        err instanceof ApiError ? (err.fieldMessage('lowStockThreshold') ?? err.message) : String(err),
      );
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={save} noValidate className="flex items-end gap-2">
      <Field id="low-stock-threshold" label="Low stock at (units or fewer)" error={error}>
        <input
          id="low-stock-threshold"
          type="number"
          min={0}
          step={1}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={!!error}
          className={`${inputClass} w-28`}
        />
      </Field>
      <button
        type="submit"
        disabled={saving}
        className="rounded bg-teal-700 px-3 py-2 text-white hover:bg-teal-800 disabled:opacity-60"
      >
        Save
      </button>
    </form>
  );
}

/** Sizes running low and products on show that cannot be bought. */
export function StockWatch({ health, threshold }: { health: StockHealth; threshold: number }) {
  const { lowStock, unsellable } = health;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby="low-stock" className="rounded bg-white p-4 shadow-sm">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <h2 id="low-stock" className="text-lg font-semibold">
            Low stock ({lowStock.total})
          </h2>
          <ThresholdForm threshold={threshold} />
        </div>
        {lowStock.variants.length === 0 ? (
          <p className="text-slate-600">No size of an available product is at {threshold} units or fewer.</p>
        ) : (
          <table className="w-full text-left text-sm" aria-labelledby="low-stock">
            <TableHead columns={['Product', 'SKU', 'Stock']} right={['Stock']} />
            <tbody>
              {lowStock.variants.map((v) => (
                <tr key={v.variantId} className="border-t">
                  <td className="p-2">
                    <Link to={productLink(v.productId)} className="text-teal-800 underline">
                      {lineTitle(v.productName, v.options)}
                    </Link>
                  </td>
                  <td className="p-2">{v.sku}</td>
                  <td className={`p-2 text-right ${v.stock === 0 ? 'font-semibold text-red-700' : ''}`}>
                    {v.stock === 0 ? 'Out of stock' : v.stock}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {more(lowStock.total, lowStock.variants.length)}
      </section>
      <section aria-labelledby="unsellable" className="rounded bg-white p-4 shadow-sm">
        <h2 id="unsellable" className="mb-1 text-lg font-semibold">
          Available but nothing to sell ({unsellable.total})
        </h2>
        <p className="mb-3 text-sm text-slate-600">
          Shown in the store, but every size is sold out or switched off.
        </p>
        {unsellable.products.length === 0 ? (
          <p className="text-slate-600">None.</p>
        ) : (
          <ul className="list-disc pl-5" aria-labelledby="unsellable">
            {unsellable.products.map((p) => (
              <li key={p.id}>
                <Link to={productLink(p.id)} className="text-teal-800 underline">
                  {p.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
        {more(unsellable.total, unsellable.products.length)}
      </section>
    </div>
  );
}
