import { BrowserRouter } from 'react-router-dom';
import { AuthProvider } from '../../shared/web/auth-context.js';
import { Toasts } from '../../shared/web/toasts.js';
import { CartProvider } from './cart/cart-context.js';
import { RouteErrorBoundary } from './routing/route-error-boundary.js';
import { AppRoutes } from './routing/routes.js';

export function App() {
  return (
    <AuthProvider start="idle">
      <CartProvider>
        <BrowserRouter>
          <RouteErrorBoundary>
            <AppRoutes />
          </RouteErrorBoundary>
        </BrowserRouter>
        <Toasts />
      </CartProvider>
    </AuthProvider>
  );
}
