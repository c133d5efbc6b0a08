import type { ReactNode } from 'react';
import { AuthProvider } from '../../shared/web/auth-context.js';
import { Toasts } from '../../shared/web/toasts.js';
import { CartProvider } from './cart/cart-context.js';
import { type PageData, PageDataProvider } from './page-data/server-data.js';
import { RouteErrorBoundary } from './routing/route-error-boundary.js';
import { AppRoutes } from './routing/routes.js';

/**
 * The storefront around its router (`children`: the browser's, or a static one on the server, holding
 * `<StorefrontRoutes />`); `pageData` is what the server rendered the page with (null when the browser
 * draws the page alone).
 */
export function App({ pageData, children }: { pageData: PageData | null; children: ReactNode }) {
  return (
    <PageDataProvider data={pageData}>
      <AuthProvider start="idle">
        <CartProvider deferLoad={pageData !== null}>
          {children}
          <Toasts />
        </CartProvider>
      </AuthProvider>
    </PageDataProvider>
  );
}

export function StorefrontRoutes() {
  return (
    <RouteErrorBoundary>
      <AppRoutes />
    </RouteErrorBoundary>
  );
}
