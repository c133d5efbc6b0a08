import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AuthProvider } from '../../shared/web/auth-context.js';
import { CartProvider } from './cart/cart-context.js';
import { Toasts } from './layout/toasts.js';
import { routes } from './routing/routes.js';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <AuthProvider start="idle">
      <CartProvider>
        <RouterProvider router={router} />
        <Toasts />
      </CartProvider>
    </AuthProvider>
  );
}
