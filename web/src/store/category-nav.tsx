import { Link } from 'react-router-dom';

export interface CategoryCount {
  name: string;
  count: number;
}

const base = 'flex justify-between gap-2 rounded px-2 py-1';

/** The categories to browse by, with how many products each holds; links keep the rest of the URL out. */
export function CategoryNav({
  categories,
  current,
  total,
}: {
  categories: readonly CategoryCount[];
  current: string;
  total: number;
}) {
  const item = (name: string, label: string, count: number) => (
    <li key={name || '*'}>
      <Link
        to={{ search: name ? `?${new URLSearchParams({ category: name })}` : '' }}
        aria-current={name === current ? 'page' : undefined}
        className={`${base} ${name === current ? 'bg-teal-700 text-white' : 'hover:bg-slate-100'}`}
      >
        <span>{label}</span> <span>{count}</span>
      </Link>
    </li>
  );
  return (
    <nav aria-label="Categories" className="rounded-lg bg-white p-4 ring-1 ring-slate-200 md:w-56">
      <h2 className="mb-2 font-semibold">Categories</h2>
      <ul className="flex flex-col gap-1 text-sm">
        {item('', 'All products', total)}
        {categories.map((c) => item(c.name, c.name, c.count))}
      </ul>
    </nav>
  );
}
