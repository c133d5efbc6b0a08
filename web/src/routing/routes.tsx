import type { RouteObject } from 'react-router-dom';
import { HomePage } from '../home/home-page.js';
import { BareLayout } from '../layout/bare-layout.js';
import { ErrorScreen } from '../layout/error-screen.js';
import { NotFoundPage } from '../layout/not-found.js';
import { PublicLayout } from '../layout/public-layout.js';
import { StorePage } from '../store/store-page.js';
import { lazyPage } from './lazy-page.js';

// Landing pages (/, /store) load with the app; every other page loads on first visit.
const ProductPage = lazyPage(() => import('../products/product-page.js'), 'ProductPage');
const LoginPage = lazyPage(() => import('../auth/login-page.js'), 'LoginPage');

/** Every storefront route, one per line: the public layout's pages, then the screens without it. */
export const routes: RouteObject[] = [
  {
    errorElement: <ErrorScreen />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/home', element: <HomePage /> },
          { path: '/store', element: <StorePage /> },
          { path: '/products/:productId', element: <ProductPage /> },
        ],
      },
      {
        element: <BareLayout />,
        children: [
          { path: '/login', element: <LoginPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
