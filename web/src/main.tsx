import { type ReactNode, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { api } from '../../shared/web/api.js';
import { shopConfig } from '../../shared/web/firebase-web-app.js';
import { App, StorefrontRoutes } from './app.js';
import { publicPage } from './page-data/public-pages.js';
import { readPageData } from './page-data/server-data.js';
import { reloadOnStaleChunks } from './routing/reload-on-stale-chunks.js';
import './styles.css';

reloadOnStaleChunks();

// Ask for the config at once (not when a module is imported, so tests importing components stay
// offline): the first API call waits for it to know whether to send App Check tokens.
shopConfig().catch(() => {});

/** Marks `<html data-hydrated>` once React has taken over the page: clicks before then do nothing. */
function MarkHydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return children;
}

const root = document.getElementById('root')!;
const pageData = readPageData();
const app = (
  <StrictMode>
    <MarkHydrated>
      <App pageData={pageData}>
        <BrowserRouter>
          <StorefrontRoutes />
        </BrowserRouter>
      </App>
    </MarkHydrated>
  </StrictMode>
);

if (pageData) {
  // The server drew this page: load its code first, so it hydrates in one pass without suspending. (No
  // top-level await: it would make the bundler split the entry into many chunks.)
  const page = publicPage(api, location.pathname, new URLSearchParams(location.search));
  void (page?.preload() ?? Promise.resolve())
    .catch(() => {})
    .then(() =>
      hydrateRoot(root, app, { onRecoverableError: (error) => console.error('Hydration:', error) }),
    );
} else {
  createRoot(root).render(app);
}
