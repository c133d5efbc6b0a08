import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { STORE_DISPLAY_NAME } from '../../../shared/domain/constants.js';

/** The frame of screens shown without the public layout (checkout, terms): the shop's name and the page. */
export function PlainFrame({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-[1080px] items-center justify-between gap-4 px-4 py-4">
          <Link to="/" className="text-xl font-bold text-teal-800">
            {STORE_DISPLAY_NAME}
          </Link>
          {aside}
        </div>
      </header>
      <main className="mx-auto max-w-[1080px] px-4 py-8">{children}</main>
    </div>
  );
}
