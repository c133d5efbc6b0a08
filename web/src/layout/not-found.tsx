import { Link } from 'react-router-dom';
import { usePageTitle } from './use-page-title.js';

/** "Not found" content; used on its own for unknown paths and inside the layout for unknown products. */
export function NotFound({ title = 'Page not found', detail }: { title?: string; detail?: string }) {
  usePageTitle(title);
  return (
    <section className="flex flex-col items-center gap-4 py-24 text-center">
      <p className="text-5xl font-bold text-teal-700">404</p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-slate-600">
        {detail ?? 'The page you are looking for does not exist or has moved.'}
      </p>
      <div className="flex gap-3">
        <Link to="/" className="rounded bg-teal-700 px-4 py-2 text-white">
          Home
        </Link>
        <Link to="/store" className="rounded border border-slate-300 px-4 py-2">
          Browse the store
        </Link>
      </div>
    </section>
  );
}

export function NotFoundPage() {
  return (
    <main className="mx-auto max-w-[1080px] px-4">
      <NotFound />
    </main>
  );
}
