import { Link } from 'react-router-dom';

const base = 'min-w-9 rounded border px-3 py-1.5 text-center';

/** The page numbers worth a link: the first, the last and two either side of the current one. */
function pageWindow(page: number, pages: number): (number | null)[] {
  const shown: (number | null)[] = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - page) <= 2) shown.push(n);
    else if (shown.at(-1) !== null) shown.push(null);
  }
  return shown;
}

/** Page links, pages counted from 1; searchFor gives a page's search string. */
export function Pagination({
  page,
  pages,
  searchFor,
}: {
  page: number;
  pages: number;
  searchFor: (page: number) => string;
}) {
  if (pages <= 1) return null;
  const edge = (target: number, label: string, enabled: boolean) =>
    enabled ? (
      <Link to={{ search: searchFor(target) }} className={`${base} border-slate-300 hover:bg-slate-100`}>
        {label}
      </Link>
    ) : (
      <span aria-disabled className={`${base} border-slate-200 text-slate-400`}>
        {label}
      </span>
    );
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-center gap-2">
      {edge(page - 1, 'Previous', page > 1)}
      {pageWindow(page, pages).map((n, i) =>
        n === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
          <span key={`gap-${i}`} aria-hidden className="px-1 text-slate-500">
            …
          </span>
        ) : (
          <Link
            key={n}
            to={{ search: searchFor(n) }}
            aria-label={`Page ${n}`}
            aria-current={n === page ? 'page' : undefined}
            className={`${base} ${n === page ? 'border-teal-700 bg-teal-700 text-white' : 'border-slate-300 hover:bg-slate-100'}`}
          >
            {n}
          </Link>
        ),
      )}
      {edge(page + 1, 'Next', page < pages)}
      <span className="w-full text-center text-sm text-slate-600">
        Page {page} of {pages}
      </span>
    </nav>
  );
}
