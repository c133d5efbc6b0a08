import { Link } from 'react-router-dom';

const base = 'min-w-9 rounded border px-3 py-1.5 text-center';

/** Page links (pages counted from 0 here, shown from 1); hrefFor gives a page's search string. */
export function Pagination({
  page,
  pages,
  hrefFor,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
}) {
  if (pages <= 1) return null;
  const numbers = Array.from({ length: pages }, (_, i) => i);
  const edge = (target: number, label: string, enabled: boolean) =>
    enabled ? (
      <Link to={{ search: hrefFor(target) }} className={`${base} border-slate-300 hover:bg-slate-100`}>
        {label}
      </Link>
    ) : (
      <span aria-disabled className={`${base} border-slate-200 text-slate-400`}>
        {label}
      </span>
    );
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-center gap-2">
      {edge(page - 1, 'Previous', page > 0)}
      {numbers.map((n) => (
        <Link
          key={n}
          to={{ search: hrefFor(n) }}
          aria-label={`Page ${n + 1}`}
          aria-current={n === page ? 'page' : undefined}
          className={`${base} ${n === page ? 'border-teal-700 bg-teal-700 text-white' : 'border-slate-300 hover:bg-slate-100'}`}
        >
          {n + 1}
        </Link>
      ))}
      {edge(page + 1, 'Next', page < pages - 1)}
      <span className="w-full text-center text-sm text-slate-600">
        Page {page + 1} of {pages}
      </span>
    </nav>
  );
}
