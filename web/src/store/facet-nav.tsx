import { Link } from 'react-router-dom';
import type { FacetCount } from '../../../shared/domain/facets.js';

const base = 'flex justify-between gap-2 rounded px-2 py-1';

/** A way to browse, with how many products each choice holds; `searchFor` gives a choice's search string. */
export function FacetNav({
  label,
  allLabel,
  allCount,
  facets,
  current,
  searchFor,
}: {
  label: string;
  allLabel: string;
  allCount: number;
  facets: readonly FacetCount[];
  current: string;
  searchFor: (name: string) => string;
}) {
  const item = (name: string, text: string, count: number) => (
    <li key={name || '*'}>
      <Link
        to={{ search: searchFor(name) }}
        aria-current={name === current ? 'page' : undefined}
        className={`${base} ${name === current ? 'bg-teal-700 text-white' : 'hover:bg-slate-100'}`}
      >
        <span>{text}</span> <span>{count}</span>
      </Link>
    </li>
  );
  return (
    <nav aria-label={label} className="rounded-lg bg-white p-4 ring-1 ring-slate-200 md:w-56">
      <h2 className="mb-2 font-semibold">{label}</h2>
      <ul className="flex max-h-72 flex-wrap gap-1 overflow-y-auto text-sm md:flex-col md:flex-nowrap">
        {item('', allLabel, allCount)}
        {facets.map((f) => item(f.name, f.name, f.count))}
      </ul>
    </nav>
  );
}
