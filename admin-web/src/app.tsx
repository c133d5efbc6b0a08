import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AuthProvider } from '../../shared/web/auth-context.js';
import { ProductsPage } from './products/products-page.js';
import { RequireAdmin } from './require-admin.js';

export function App() {
  return (
    <AuthProvider>
      <BrowserRouter basename="/admin">
        <RequireAdmin>
          <main className="mx-auto max-w-[1080px] px-4 py-8">
            <Routes>
              <Route path="*" element={<ProductsPage />} />
            </Routes>
          </main>
        </RequireAdmin>
      </BrowserRouter>
    </AuthProvider>
  );
}
