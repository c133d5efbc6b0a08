import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { STORE_DISPLAY_NAME } from '../../../shared/domain/constants.js';
import { usePageTitle } from '../layout/use-page-title.js';

/** The auth screens' frame: no public layout, just the shop's name leading home and one card. */
export function AuthCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="flex min-h-screen flex-col items-center bg-slate-50 px-4 py-12">
      <Link to="/" className="mb-8 text-xl font-bold text-teal-800">
        {STORE_DISPLAY_NAME}
      </Link>
      <main className="w-full max-w-sm rounded-xl bg-white p-6 shadow-sm">
        <h1 className="mb-5 text-2xl font-semibold text-slate-900">{title}</h1>
        {children}
      </main>
      {footer && <nav className="mt-6 flex flex-col items-center gap-2 text-sm text-slate-600">{footer}</nav>}
    </div>
  );
}
