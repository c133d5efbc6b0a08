import { useEffect, useId, useState } from 'react';
import type { CatalogueSort } from '../../../shared/domain/catalogue-listing.js';

const SORT_LABELS: Record<CatalogueSort, string> = {
  relevance: 'Best match',
  name: 'Name',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  newest: 'Newest',
};

/**
 * Sort order and the in-stock switch. Without search words "best match" is the name order, so the
 * name is offered as the default then.
 */
export function ListingControls({
  sort,
  searching,
  inStock,
  onSort,
  onInStock,
}: {
  sort: CatalogueSort;
  searching: boolean;
  inStock: boolean;
  onSort: (sort: CatalogueSort) => void;
  onInStock: (inStock: boolean) => void;
}) {
  const choices: CatalogueSort[] = searching
    ? ['relevance', 'name', 'price-asc', 'price-desc', 'newest']
    : ['name', 'price-asc', 'price-desc', 'newest'];
  const shown = !searching && sort === 'relevance' ? 'name' : sort;
  const sortId = useId();
  // The router applies the new URL in a transition; until then the switch shows what was clicked.
  const [inStockShown, setInStockShown] = useState(inStock);
  useEffect(() => setInStockShown(inStock), [inStock]);
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
      <span className="flex items-center gap-2">
        <label htmlFor={sortId}>Sort by</label>
        <select
          id={sortId}
          value={shown}
          onChange={(e) => {
            const next = e.target.value as CatalogueSort;
            onSort(!searching && next === 'name' ? 'relevance' : next);
          }}
          className="rounded border border-slate-300 bg-white px-2 py-1.5"
        >
          {choices.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </span>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={inStockShown}
          onChange={(e) => {
            setInStockShown(e.target.checked);
            onInStock(e.target.checked);
          }}
          className="size-4 accent-teal-700"
        />
        In stock only
      </label>
    </div>
  );
}
