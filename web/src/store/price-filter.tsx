import { type FormEvent, useState } from 'react';
import { formatPrice } from '../../../shared/domain/money.js';
import type { PriceRange } from '../../../shared/domain/price-filter.js';

/** Minimum and maximum price within the catalogue's bounds; both ends are included. */
export function PriceFilter({
  bounds,
  range,
  onApply,
}: {
  bounds: PriceRange;
  range: PriceRange;
  onApply: (range: [number, number]) => void;
}) {
  const [min, setMin] = useState(String(range[0]));
  const [max, setMax] = useState(String(range[1]));
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const low = min.trim() === '' ? bounds[0] : Number(min);
    const high = max.trim() === '' ? bounds[1] : Number(max);
    if (!Number.isFinite(low) || !Number.isFinite(high)) return setError('Enter prices as numbers');
    if (low > high) return setError('Minimum price cannot be above maximum price');
    setError(null);
    onApply([Math.max(low, bounds[0]), Math.min(high, bounds[1])]);
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Price filter"
      className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200 md:w-56"
    >
      <h2 className="font-semibold">Price</h2>
      <p className="text-sm text-slate-600">
        {formatPrice(bounds[0])} – {formatPrice(bounds[1])}
      </p>
      <PriceInput label="Minimum price" bounds={bounds} value={min} onChange={setMin} />
      <PriceInput label="Maximum price" bounds={bounds} value={max} onChange={setMax} />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="rounded bg-teal-700 px-3 py-1.5 font-medium text-white hover:bg-teal-800"
      >
        Apply
      </button>
      {(range[0] !== bounds[0] || range[1] !== bounds[1]) && (
        <button
          type="button"
          onClick={() => onApply([bounds[0], bounds[1]])}
          className="rounded border border-slate-300 px-3 py-1.5 hover:bg-slate-100"
        >
          Show all prices
        </button>
      )}
    </form>
  );
}

function PriceInput({
  label,
  bounds,
  value,
  onChange,
}: {
  label: string;
  bounds: PriceRange;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex flex-col text-sm">
      {label}
      <input
        type="number"
        inputMode="decimal"
        step="any"
        min={bounds[0]}
        max={bounds[1]}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="w-full rounded border border-slate-300 px-2 py-1.5"
      />
    </label>
  );
}
