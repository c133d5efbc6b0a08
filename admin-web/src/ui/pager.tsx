/** Previous / next page buttons; pages are numbered from 0 inside, from 1 on screen. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage(page: number): void }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-end gap-3">
      <button
        type="button"
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
        className="rounded border bg-white px-3 py-1 disabled:opacity-50"
      >
        Previous
      </button>
      <span>
        Page {page + 1} of {pages}
      </span>
      <button
        type="button"
        disabled={page >= pages - 1}
        onClick={() => onPage(page + 1)}
        className="rounded border bg-white px-3 py-1 disabled:opacity-50"
      >
        Next
      </button>
    </nav>
  );
}
