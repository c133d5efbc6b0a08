import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LazyCartDrawer } from '../cart/lazy-cart-drawer.js';
import { Footer } from './footer.js';
import { LoadingScreen } from './loading-screen.js';
import { ScrollToTop } from './scroll-to-top.js';
import { TopNav } from './top-nav.js';

/**
 * Top navigation, content (at most 1080px wide), footer and the cart drawer. The content is at least
 * a screen tall, so the footer starts below the first screen and what loads above it never pushes it.
 */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollToTop />
      <TopNav />
      <main className="mx-auto min-h-svh w-full max-w-[1080px] flex-1 px-4 py-8">
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <LazyCartDrawer />
    </div>
  );
}
