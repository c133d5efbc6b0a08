import { Route, Routes } from 'react-router-dom';
import { HomePage } from '../home/home-page.js';
import { BareLayout } from '../layout/bare-layout.js';
import { NotFoundPage } from '../layout/not-found.js';
import { PublicLayout } from '../layout/public-layout.js';
import { StorePage } from '../store/store-page.js';
import { lazyPage } from './lazy-page.js';

// Landing pages (/, /store) load with the app; every other page loads on first visit.
const ProductPage = lazyPage(() => import('../products/product-page.js'), 'ProductPage');
const LoginPage = lazyPage(() => import('../auth/login-page.js'), 'LoginPage');

/**
 * Every storefront route, one per line: the public layout's pages, then the screens without it.
 * (Declarative routes: the data router would add about 16 KB gzip to the first load.)
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path="/" element={<HomePage />} />
        <Route path="/home" element={<HomePage />} />
        <Route path="/store" element={<StorePage />} />
        <Route path="/products/:productId" element={<ProductPage />} />
      </Route>
      <Route element={<BareLayout />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
