import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AuthProvider } from '../../shared/web/auth-context.js';
import { LoginPage } from './auth/login-page.js';
import { CatalogueGrid } from './catalogue/catalogue-grid.js';

export function App() {
  return (
    <AuthProvider start="idle">
      <BrowserRouter>
        <main className="mx-auto max-w-[1080px] px-4 py-8">
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="*" element={<CatalogueGrid />} />
          </Routes>
        </main>
      </BrowserRouter>
    </AuthProvider>
  );
}
