import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useDisclosure } from '../layout/use-disclosure.js';

/**
 * The store's ways to narrow the listing: a column beside the products on wider screens; on phones
 * folded behind a "Filters" button, so the products come first. A choice (the URL changes) folds it again.
 */
export function StoreFilters({ children }: { children: ReactNode }) {
  const filters = useDisclosure({ floating: false });
  const { search } = useLocation();
  const { close } = filters;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs because the listing's query changed
  useEffect(() => close(), [search]);
  return (
    <div className="flex flex-col gap-3 md:w-56">
      <button
        {...filters.button}
        className="flex items-center justify-center gap-2 rounded border border-slate-300 bg-white px-4 py-2 font-medium text-slate-700 hover:bg-slate-100 md:hidden"
      >
        <svg
          viewBox="0 0 24 24"
          width="18"
          height="18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden
        >
          <path d="M3 5h18l-7 8v6l-4-2v-4z" />
        </svg>
        Filters
      </button>
      <div {...filters.panel} className={`flex-col gap-6 md:flex ${filters.open ? 'flex' : 'hidden'}`}>
        {children}
      </div>
    </div>
  );
}

/** Grey boxes where the categories and the price filter will be, while the first page loads. */
export function FiltersPlaceholder() {
  return (
    <>
      <div className="h-72 rounded-lg bg-white ring-1 ring-slate-200" />
      <div className="h-64 rounded-lg bg-white ring-1 ring-slate-200" />
    </>
  );
}
