import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AuthProvider } from '../../shared/web/auth-context.js';
import { Spinner } from '../../shared/web/spinner.js';
import { AuditPage } from './audit/audit-page.js';
import { DiscountsPage } from './discounts/discounts-page.js';
import { AdminLayout } from './layout/admin-layout.js';
import { NotFoundPage } from './layout/not-found-page.js';
import { OrderDetailRoute } from './orders/order-detail-route.js';
import { OrdersPage } from './orders/orders-page.js';
import { PackingSlipPage } from './orders/packing-slip-page.js';
import { PermissionsPage } from './permissions/permissions-page.js';
import { ProductsPage } from './products/products-page.js';
import { RequireAdmin } from './require-admin.js';
import { RatesPage } from './settings/rates-page.js';

const dashboard = async () => ({
  Component: (await import('./dashboard/dashboard-page.js')).DashboardPage,
});

/** The editor carries the rich-text editor, the largest part of the app; it loads when first opened. */
const productEditor = async () => ({
  Component: (await import('./products/product-edit-page.js')).ProductEditPage,
});

// A data router: the product editor's "leave with unsaved changes?" guard needs useBlocker.
const router = createBrowserRouter(
  [
    {
      element: (
        <RequireAdmin>
          <AdminLayout />
        </RequireAdmin>
      ),
      children: [
        { index: true, element: <ProductsPage /> },
        { path: 'dashboard', lazy: dashboard, hydrateFallbackElement: <Spinner /> },
        { path: 'manage-products', element: <ProductsPage /> },
        { path: 'manage-products/new', lazy: productEditor, hydrateFallbackElement: <Spinner /> },
        { path: 'manage-products/:productId', lazy: productEditor, hydrateFallbackElement: <Spinner /> },
        {
          path: 'orders',
          element: <OrdersPage />,
          children: [{ path: ':orderId', element: <OrderDetailRoute /> }],
        },
        { path: 'discounts', element: <DiscountsPage /> },
        { path: 'settings/rates', element: <RatesPage /> },
        { path: 'permissions', element: <PermissionsPage /> },
        { path: 'audit', element: <AuditPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
    // Printed on its own, without the admin navigation.
    {
      path: 'orders/:orderId/packing-slip',
      element: (
        <RequireAdmin>
          <PackingSlipPage />
        </RequireAdmin>
      ),
    },
  ],
  { basename: '/admin' },
);

export function App() {
  return (
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>
  );
}
